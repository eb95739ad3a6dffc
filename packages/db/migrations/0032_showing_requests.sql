CREATE TYPE "showing_channel" AS ENUM('dashboard', 'mail', 'text', 'form');--> statement-breakpoint
CREATE TYPE "showing_event_kind" AS ENUM('requested', 'confirm', 'propose', 'decline', 'cancel');--> statement-breakpoint
CREATE TYPE "showing_side" AS ENUM('seller', 'buyer');--> statement-breakpoint
CREATE TYPE "showing_status" AS ENUM('Pending', 'Confirmed', 'Denied', 'Cancelled');--> statement-breakpoint
CREATE TABLE "showing_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"showing_id" integer NOT NULL,
	"kind" "showing_event_kind" NOT NULL,
	"side" "showing_side" NOT NULL,
	"actor_id" integer,
	"channel" "showing_channel" NOT NULL,
	"status" "showing_status" NOT NULL,
	"start_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showing_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"requested_start" timestamp with time zone NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"proposed_start" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"status" "showing_status" DEFAULT 'Pending' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"last_actor_side" "showing_side" DEFAULT 'buyer' NOT NULL,
	"last_actor_id" integer,
	"last_acted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showing_requests_hash_unique" UNIQUE("hash"),
	CONSTRAINT "showing_requests_duration_check" CHECK ("showing_requests"."duration_minutes" between 5 and 240),
	CONSTRAINT "showing_requests_sequence_check" CHECK ("showing_requests"."sequence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "showing_request_events" ADD CONSTRAINT "showing_request_events_showing_id_showing_requests_id_fk" FOREIGN KEY ("showing_id") REFERENCES "showing_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_request_events" ADD CONSTRAINT "showing_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_requests" ADD CONSTRAINT "showing_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showing_requests" ADD CONSTRAINT "showing_requests_last_actor_id_users_id_fk" FOREIGN KEY ("last_actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showing_request_events_showing_idx" ON "showing_request_events" USING btree ("showing_id");--> statement-breakpoint
CREATE INDEX "showing_requests_listing_idx" ON "showing_requests" USING btree ("listing_id","created_at" DESC NULLS LAST);
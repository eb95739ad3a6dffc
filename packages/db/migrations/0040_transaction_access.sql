CREATE TYPE "transaction_access_role" AS ENUM('buyers_agent', 'title_escrow', 'lender', 'attorney', 'other');--> statement-breakpoint
CREATE TYPE "transaction_access_share" AS ENUM('listing', 'documents', 'showings');--> statement-breakpoint
CREATE TYPE "transaction_access_status" AS ENUM('unconfirmed', 'pending', 'approved', 'refused', 'revoked');--> statement-breakpoint
CREATE TABLE "transaction_access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"role" "transaction_access_role" NOT NULL,
	"email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "transaction_access_status" DEFAULT 'unconfirmed' NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"access_token_hash" text,
	"shares" "transaction_access_share"[] DEFAULT '{}' NOT NULL,
	"days" integer,
	"expires_at" timestamp with time zone,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_access_requests_hash_unique" UNIQUE("hash"),
	CONSTRAINT "transaction_access_requests_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "transaction_access_requests_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "transaction_access_requests_days_check" CHECK ("transaction_access_requests"."days" is null or "transaction_access_requests"."days" between 1 and 90),
	CONSTRAINT "transaction_access_requests_approved_check" CHECK ("transaction_access_requests"."status" <> 'approved' or ("transaction_access_requests"."access_token_hash" is not null and "transaction_access_requests"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "transaction_access_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"what" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_access_requests" ADD CONSTRAINT "transaction_access_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_access_requests" ADD CONSTRAINT "transaction_access_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_access_requests" ADD CONSTRAINT "transaction_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_access_requests" ADD CONSTRAINT "transaction_access_requests_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_access_views" ADD CONSTRAINT "transaction_access_views_request_id_transaction_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "transaction_access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_access_requests_property_idx" ON "transaction_access_requests" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_access_views_request_idx" ON "transaction_access_views" USING btree ("request_id","viewed_at");
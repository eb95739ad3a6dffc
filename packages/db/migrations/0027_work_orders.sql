CREATE TYPE "proof_review" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "work_order_kind" AS ENUM('sign_post_install', 'sign_post_removal', 'sign_post_swap', 'sign_post_repair', 'lockbox_delivery', 'lockbox_pickup', 'photography');--> statement-breakpoint
CREATE TYPE "work_order_state" AS ENUM('requested', 'scheduled', 'en_route', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "work_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"from_state" "work_order_state",
	"to_state" "work_order_state" NOT NULL,
	"scheduled_day" date,
	"assignee_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"order_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"kind" "work_order_kind" NOT NULL,
	"state" "work_order_state" DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_day" date,
	"assignee_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"failure_reason" text,
	"proof_review" "proof_review",
	"removal_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "listing_photos" DROP CONSTRAINT "listing_photos_one_owner";--> statement-breakpoint
ALTER TABLE "listing_photos" ADD COLUMN "work_order_id" integer;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_events" ADD CONSTRAINT "work_order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_removal_id_work_orders_id_fk" FOREIGN KEY ("removal_id") REFERENCES "work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_events_work_order_idx" ON "work_order_events" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_order_idx" ON "work_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "work_orders_property_idx" ON "work_orders" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_idx" ON "work_orders" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "work_orders_state_idx" ON "work_orders" USING btree ("state");--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_work_order_idx" ON "listing_photos" USING btree ("work_order_id","position");--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_one_owner" CHECK (num_nonnulls("listing_photos"."listing_id", "listing_photos"."fsbo_listing_id", "listing_photos"."work_order_id") = 1);--> statement-breakpoint
-- Work orders (issue 21) are run by Operations; roles staff edited keep their choices.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'workorders.manage') WHERE "key" = 'operations' AND NOT ('workorders.manage' = ANY("permissions"));

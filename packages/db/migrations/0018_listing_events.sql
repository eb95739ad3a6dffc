CREATE TYPE "listing_event_kind" AS ENUM('submitted', 'approved', 'returned', 'rejected');--> statement-breakpoint
CREATE TABLE "listing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"kind" "listing_event_kind" NOT NULL,
	"board_id" integer,
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_listing_id_mls_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_board_id_mls_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "mls_boards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_events" ADD CONSTRAINT "listing_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_events_created_idx" ON "listing_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listing_events_listing_idx" ON "listing_events" USING btree ("listing_id","created_at");
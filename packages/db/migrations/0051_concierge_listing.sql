ALTER TYPE "listing_event_kind" ADD VALUE 'concierge_took';--> statement-breakpoint
ALTER TYPE "listing_event_kind" ADD VALUE 'concierge_edited';--> statement-breakpoint
ALTER TYPE "listing_event_kind" ADD VALUE 'concierge_handed';--> statement-breakpoint
ALTER TYPE "listing_event_kind" ADD VALUE 'owner_edited';--> statement-breakpoint
ALTER TYPE "listing_event_kind" ADD VALUE 'owner_accepted';--> statement-breakpoint
ALTER TABLE "listing_events" ADD COLUMN "step" text;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "concierge_holder_id" integer;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "concierge_before" jsonb;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "concierge_handed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD CONSTRAINT "mls_listings_concierge_holder_id_users_id_fk" FOREIGN KEY ("concierge_holder_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;
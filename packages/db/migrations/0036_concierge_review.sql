ALTER TYPE "listing_event_kind" ADD VALUE 'concierge_returned';--> statement-breakpoint
ALTER TYPE "listing_event_kind" ADD VALUE 'concierge_ready';--> statement-breakpoint
ALTER TYPE "mls_listing_status" ADD VALUE 'concierge';
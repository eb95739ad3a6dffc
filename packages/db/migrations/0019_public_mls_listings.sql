ALTER TABLE "listings" ADD COLUMN "mls_listing_id" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "photo_hash" text;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_mls_listing_id_mls_listings_id_fk" FOREIGN KEY ("mls_listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_mls_listing_idx" ON "listings" USING btree ("mls_listing_id");
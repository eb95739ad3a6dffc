CREATE TYPE "fsbo_listing_status" AS ENUM('draft', 'published', 'unpublished');--> statement-breakpoint
CREATE TYPE "fsbo_listing_step" AS ENUM('basics', 'contact', 'describe', 'media', 'review', 'manage');--> statement-breakpoint
CREATE TYPE "listing_price_event" AS ENUM('listed', 'price_changed', 'pending', 'back_on_market', 'sold', 'withdrawn', 'expired', 'relisted');--> statement-breakpoint
CREATE TABLE "fsbo_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"created_by" integer,
	"status" "fsbo_listing_status" DEFAULT 'draft' NOT NULL,
	"completed_steps" "fsbo_listing_step"[] DEFAULT '{}' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"market_status" "listing_status" DEFAULT 'active' NOT NULL,
	"sold_price" integer,
	"sold_on" text,
	"published_at" timestamp with time zone,
	"first_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fsbo_listings_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "listing_price_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"kind" "listing_price_event" NOT NULL,
	"price" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_photos" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "fsbo_listing_id" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "property_type" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year_built" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "remarks" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "features" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD COLUMN "fsbo_listing_id" integer;--> statement-breakpoint
ALTER TABLE "fsbo_listings" ADD CONSTRAINT "fsbo_listings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fsbo_listings" ADD CONSTRAINT "fsbo_listings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_price_events" ADD CONSTRAINT "listing_price_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fsbo_listings_property_idx" ON "fsbo_listings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "listing_price_events_listing_idx" ON "listing_price_events" USING btree ("listing_id","at");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_fsbo_listing_id_fsbo_listings_id_fk" FOREIGN KEY ("fsbo_listing_id") REFERENCES "fsbo_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_fsbo_listing_id_fsbo_listings_id_fk" FOREIGN KEY ("fsbo_listing_id") REFERENCES "fsbo_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_fsbo_listing_idx" ON "listings" USING btree ("fsbo_listing_id");--> statement-breakpoint
CREATE INDEX "listings_zip_idx" ON "listings" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "listing_photos_fsbo_listing_idx" ON "listing_photos" USING btree ("fsbo_listing_id","position");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_one_source" CHECK (num_nonnulls("listings"."mls_listing_id", "listings"."fsbo_listing_id") <= 1);--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_one_owner" CHECK (num_nonnulls("listing_photos"."listing_id", "listing_photos"."fsbo_listing_id") = 1);--> statement-breakpoint
-- Rows published before pages had URLs get their slug (address words, then the public id) and a
-- first price-history entry; later rows get both from the listings repository.
UPDATE "listings" SET "slug" = trim(both '-' from lower(regexp_replace("street_address" || ' ' || "city" || ' ' || "state" || ' ' || "zip_code", '[^A-Za-z0-9]+', '-', 'g'))) || '-' || "hash" WHERE "slug" IS NULL;--> statement-breakpoint
INSERT INTO "listing_price_events" ("listing_id", "kind", "price", "at") SELECT "id", 'listed', "price", "listed_at" FROM "listings" WHERE "published_at" IS NOT NULL;

CREATE TYPE "mls_listing_status" AS ENUM('draft', 'submitted');--> statement-breakpoint
CREATE TYPE "mls_listing_step" AS ENUM('location', 'form', 'services', 'photos', 'payment');--> statement-breakpoint
CREATE TYPE "photo_status" AS ENUM('processing', 'ready', 'refused');--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"listing_id" integer NOT NULL,
	"uploaded_by" integer,
	"position" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"status" "photo_status" DEFAULT 'processing' NOT NULL,
	"error" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_photos_hash_unique" UNIQUE("hash"),
	CONSTRAINT "listing_photos_bytes" CHECK ("listing_photos"."bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "mls_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" "mls_listing_status" DEFAULT 'draft' NOT NULL,
	"completed_steps" "mls_listing_step"[] DEFAULT '{}' NOT NULL,
	"board_id" integer,
	"property_type" text,
	"property_sub_type" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mls_listings_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_mls_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD CONSTRAINT "mls_listings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD CONSTRAINT "mls_listings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD CONSTRAINT "mls_listings_board_id_mls_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "mls_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_listing_idx" ON "listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "mls_listings_order_idx" ON "mls_listings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "mls_listings_property_idx" ON "mls_listings" USING btree ("property_id");
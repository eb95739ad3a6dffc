CREATE TABLE "vendor_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"vendor_user_id" integer,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_prices_price_cents" CHECK ("vendor_prices"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mls_boards" ADD COLUMN "listing_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "mls_boards" ADD COLUMN "rules" text;--> statement-breakpoint
ALTER TABLE "vendor_prices" ADD CONSTRAINT "vendor_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_prices" ADD CONSTRAINT "vendor_prices_vendor_user_id_users_id_fk" FOREIGN KEY ("vendor_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_prices_product_vendor_idx" ON "vendor_prices" USING btree ("product_id",coalesce("vendor_user_id", 0));--> statement-breakpoint
CREATE INDEX "vendor_prices_vendor_idx" ON "vendor_prices" USING btree ("vendor_user_id");--> statement-breakpoint
ALTER TABLE "mls_boards" ADD CONSTRAINT "mls_boards_listing_fee_cents" CHECK ("mls_boards"."listing_fee_cents" is null or "mls_boards"."listing_fee_cents" >= 0);
CREATE TABLE "product_coverage" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"state" text NOT NULL,
	"county" text,
	"roles" "property_role"[]
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "product_coverage" ADD CONSTRAINT "product_coverage_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_coverage_state_idx" ON "product_coverage" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "product_coverage_product_place_idx" ON "product_coverage" USING btree ("product_id","state",coalesce(lower("county"), ''));
CREATE TYPE "valuation_report_status" AS ENUM('preparing', 'ready', 'not_valued', 'refunded');--> statement-breakpoint
CREATE TABLE "property_facts" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"bedrooms" smallint,
	"bathrooms" real,
	"living_area" integer,
	"lot_size_square_feet" integer,
	"year_built" smallint,
	"condition" smallint,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valuation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"order_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"product" text NOT NULL,
	"version" smallint NOT NULL,
	"status" "valuation_report_status" NOT NULL,
	"content" jsonb,
	"as_of" date,
	"pdf_key" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "valuation_reports_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "closed_sales" ADD COLUMN "unparsed_address" text;--> statement-breakpoint
ALTER TABLE "property_facts" ADD CONSTRAINT "property_facts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_facts" ADD CONSTRAINT "property_facts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_reports" ADD CONSTRAINT "valuation_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_reports" ADD CONSTRAINT "valuation_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valuation_reports" ADD CONSTRAINT "valuation_reports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_reports_order_version_uq" ON "valuation_reports" USING btree ("order_id","version");--> statement-breakpoint
CREATE INDEX "valuation_reports_property_idx" ON "valuation_reports" USING btree ("property_id","created_at");
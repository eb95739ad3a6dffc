CREATE TYPE "sale_price_display" AS ENUM('public', 'model_only');--> statement-breakpoint
CREATE TYPE "sales_import_status" AS ENUM('queued', 'checking', 'storing', 'done', 'refused', 'failed');--> statement-breakpoint
CREATE TABLE "closed_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"listing_key" text NOT NULL,
	"parcel_number" text,
	"close_date" date NOT NULL,
	"close_price" integer NOT NULL,
	"living_area" integer,
	"lot_size_square_feet" integer,
	"bedrooms_total" smallint,
	"bathrooms_total_decimal" real,
	"year_built" smallint,
	"year_renovated" smallint,
	"property_type" text,
	"property_sub_type" text,
	"latitude" double precision,
	"longitude" double precision,
	"postal_code" text,
	"state_or_province" text,
	"county_or_parish" text,
	"property_condition" smallint,
	"quality_grade" smallint,
	"stories_total" real,
	"waterfront_yn" boolean,
	"view_rating" smallint,
	"below_grade_finished_area" integer,
	"grid_cell" integer GENERATED ALWAYS AS ((floor(latitude * 50)::integer * 20000 + floor(longitude * 50)::integer + 10000)) STORED,
	"price_display" "sale_price_display" NOT NULL,
	"attribution" text NOT NULL,
	"import_id" integer,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_coverage" (
	"postal_code" text PRIMARY KEY NOT NULL,
	"state_or_province" text,
	"sales_12m" integer NOT NULL,
	"newest_close_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"attribution" text NOT NULL,
	"price_display" "sale_price_display" NOT NULL,
	"status" "sales_import_status" DEFAULT 'queued' NOT NULL,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"stored" integer DEFAULT 0 NOT NULL,
	"already_stored" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refusals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"storage_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sales_imports_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "closed_sales" ADD CONSTRAINT "closed_sales_import_id_sales_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "sales_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_imports" ADD CONSTRAINT "sales_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closed_sales_source_key_idx" ON "closed_sales" USING btree ("source","listing_key");--> statement-breakpoint
CREATE INDEX "closed_sales_grid_date_idx" ON "closed_sales" USING btree ("grid_cell","close_date");--> statement-breakpoint
CREATE INDEX "closed_sales_postal_date_idx" ON "closed_sales" USING btree ("postal_code","close_date");--> statement-breakpoint
-- Staff who run operations import sales files (issue 37); the owner role holds every permission already.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'sales.import') WHERE "key" = 'operations' AND NOT ('sales.import' = ANY("permissions"));

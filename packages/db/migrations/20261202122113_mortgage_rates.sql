CREATE TABLE "mortgage_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_thousandths" integer NOT NULL,
	"as_of" date NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mortgage_rates_rate" CHECK ("mortgage_rates"."rate_thousandths" between 1 and 20000),
	CONSTRAINT "mortgage_rates_source" CHECK (char_length("mortgage_rates"."source") between 1 and 120),
	CONSTRAINT "mortgage_rates_source_url" CHECK ("mortgage_rates"."source_url" is null or ("mortgage_rates"."source_url" ~ '^https://' and char_length("mortgage_rates"."source_url") <= 2000))
);
--> statement-breakpoint
ALTER TABLE "mortgage_rates" ADD CONSTRAINT "mortgage_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;
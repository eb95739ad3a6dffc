CREATE TABLE "valuation_disclaimers" (
	"state" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "valuation_disclaimers_state" CHECK ("valuation_disclaimers"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "valuation_disclaimers_text" CHECK (char_length("valuation_disclaimers"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "valuation_disclaimers" ADD CONSTRAINT "valuation_disclaimers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;
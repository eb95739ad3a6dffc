CREATE TYPE "referral_status" AS ENUM('pending', 'earned', 'paid');--> statement-breakpoint
CREATE TABLE "real_estate_licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" text NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"customer_id" integer,
	"customer_email" text NOT NULL,
	"property_id" integer,
	"fee_cents" integer NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"earned_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_reference" text,
	"paid_license" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_hash_unique" UNIQUE("hash"),
	CONSTRAINT "referrals_fee" CHECK ("referrals"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "real_estate_licenses" ADD CONSTRAINT "real_estate_licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "real_estate_licenses" ADD CONSTRAINT "real_estate_licenses_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "real_estate_licenses_user_state_idx" ON "real_estate_licenses" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
-- Referrals (issue 23) are run by Operations; roles staff edited keep their choices.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'referrals.manage') WHERE "key" = 'operations' AND NOT ('referrals.manage' = ANY("permissions"));

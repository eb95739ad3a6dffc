CREATE TABLE "listing_lead_text_opt_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"on_via" text NOT NULL,
	"consent_text" text NOT NULL,
	"on_at" timestamp with time zone DEFAULT now() NOT NULL,
	"off_at" timestamp with time zone,
	"off_via" text
);
--> statement-breakpoint
CREATE TABLE "listing_text_codes" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_text_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "listing_text_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"phone" text NOT NULL,
	"first_text_id" integer,
	"text_count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_lead_text_opt_ins" ADD CONSTRAINT "listing_lead_text_opt_ins_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_lead_text_opt_ins" ADD CONSTRAINT "listing_lead_text_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_text_codes" ADD CONSTRAINT "listing_text_codes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_text_leads" ADD CONSTRAINT "listing_text_leads_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_text_leads" ADD CONSTRAINT "listing_text_leads_first_text_id_texts_id_fk" FOREIGN KEY ("first_text_id") REFERENCES "texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_lead_text_opt_ins_listing_user_idx" ON "listing_lead_text_opt_ins" USING btree ("listing_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_text_leads_listing_phone_idx" ON "listing_text_leads" USING btree ("listing_id","phone");--> statement-breakpoint
CREATE INDEX "listing_text_leads_listing_last_idx" ON "listing_text_leads" USING btree ("listing_id","last_at");
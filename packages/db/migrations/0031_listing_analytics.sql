CREATE TABLE "analytics_daily_salts" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_daily_salts_time_zone_day_pk" PRIMARY KEY("time_zone","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"listing_id" integer NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "analytics_visitors_listing_id_day_visitor_hash_pk" PRIMARY KEY("listing_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "internet_tracking_summaries" (
	"listing_id" integer NOT NULL,
	"tracking_date" date NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"unique_visitor_count" integer DEFAULT 0 NOT NULL,
	"photo_gallery_count" integer DEFAULT 0 NOT NULL,
	"inquiry_count" integer DEFAULT 0 NOT NULL,
	"showing_requested_count" integer DEFAULT 0 NOT NULL,
	"text_count" integer DEFAULT 0 NOT NULL,
	"modification_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "internet_tracking_summaries_listing_id_tracking_date_pk" PRIMARY KEY("listing_id","tracking_date")
);
--> statement-breakpoint
CREATE TABLE "listing_summary_opt_outs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_summary_weeks" (
	"listing_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_summary_weeks_listing_id_week_start_pk" PRIMARY KEY("listing_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "analytics_visitors" ADD CONSTRAINT "analytics_visitors_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internet_tracking_summaries" ADD CONSTRAINT "internet_tracking_summaries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_summary_opt_outs" ADD CONSTRAINT "listing_summary_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_summary_weeks" ADD CONSTRAINT "listing_summary_weeks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_visitors_zone_day_idx" ON "analytics_visitors" USING btree ("time_zone","day");
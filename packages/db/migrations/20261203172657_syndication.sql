CREATE TABLE "mls_replications" (
	"source" text PRIMARY KEY NOT NULL,
	"cursor_timestamp" timestamp with time zone,
	"cursor_key" text,
	"next_link" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"records_read" integer DEFAULT 0 NOT NULL,
	"records_stored" integer DEFAULT 0 NOT NULL,
	"records_skipped" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_feed_opt_outs" (
	"listing_id" integer NOT NULL,
	"portal_feed_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_feed_opt_outs_listing_id_portal_feed_id_pk" PRIMARY KEY("listing_id","portal_feed_id")
);
--> statement-breakpoint
CREATE TABLE "portal_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "portal_feeds_hash_unique" UNIQUE("hash"),
	CONSTRAINT "portal_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reso_access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reso_access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reso_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"resources" text[] NOT NULL,
	"rate_limit_per_minute" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "reso_clients_hash_unique" UNIQUE("hash"),
	CONSTRAINT "reso_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "reso_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"status" smallint NOT NULL,
	"records" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fsbo_listings" ADD COLUMN "syndication" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "syndication" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "syndicated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "syndication" jsonb;--> statement-breakpoint
ALTER TABLE "portal_feed_opt_outs" ADD CONSTRAINT "portal_feed_opt_outs_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_feed_opt_outs" ADD CONSTRAINT "portal_feed_opt_outs_portal_feed_id_portal_feeds_id_fk" FOREIGN KEY ("portal_feed_id") REFERENCES "portal_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_feed_opt_outs" ADD CONSTRAINT "portal_feed_opt_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_feeds" ADD CONSTRAINT "portal_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reso_access_tokens" ADD CONSTRAINT "reso_access_tokens_client_id_reso_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "reso_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reso_clients" ADD CONSTRAINT "reso_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reso_requests" ADD CONSTRAINT "reso_requests_client_id_reso_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "reso_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reso_access_tokens_client_idx" ON "reso_access_tokens" USING btree ("client_id","expires_at");--> statement-breakpoint
CREATE INDEX "reso_requests_client_at_idx" ON "reso_requests" USING btree ("client_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_syndicated_modified_idx" ON "listings" USING btree ("updated_at","hash") WHERE "listings"."syndicated_at" is not null;
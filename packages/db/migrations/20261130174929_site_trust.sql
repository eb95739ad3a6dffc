CREATE TABLE "review_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"rating_tenths" integer NOT NULL,
	"review_count" integer NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_ratings_source" CHECK (char_length("review_ratings"."source") between 1 and 60),
	CONSTRAINT "review_ratings_rating" CHECK ("review_ratings"."rating_tenths" between 10 and 50),
	CONSTRAINT "review_ratings_count" CHECK ("review_ratings"."review_count" >= 1),
	CONSTRAINT "review_ratings_url" CHECK ("review_ratings"."url" ~ '^https://')
);
--> statement-breakpoint
CREATE TABLE "state_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "state_notices_state" CHECK ("state_notices"."state" ~ '^[A-Z]{2}$'),
	CONSTRAINT "state_notices_label" CHECK (char_length("state_notices"."label") between 1 and 120),
	CONSTRAINT "state_notices_url" CHECK (char_length("state_notices"."url") between 1 and 2000)
);

CREATE TABLE "site_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"variants" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"file_name" text NOT NULL,
	"alt" text NOT NULL,
	"caption" text,
	"position" integer NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_media_hash_unique" UNIQUE("hash"),
	CONSTRAINT "site_media_kind" CHECK ("site_media"."kind" in ('photography-sample')),
	CONSTRAINT "site_media_alt" CHECK (char_length("site_media"."alt") between 1 and 200),
	CONSTRAINT "site_media_caption" CHECK ("site_media"."caption" is null or char_length("site_media"."caption") <= 200),
	CONSTRAINT "site_media_bytes" CHECK ("site_media"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_media" ADD CONSTRAINT "site_media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_media_kind_idx" ON "site_media" USING btree ("kind","position");
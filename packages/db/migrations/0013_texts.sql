CREATE TYPE "text_direction" AS ENUM('outbound', 'inbound');--> statement-breakpoint
CREATE TYPE "text_opt_out_source" AS ENUM('keyword', 'provider', 'staff');--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"source" text_opt_out_source NOT NULL,
	"keyword" text,
	"text_id" integer,
	"staff_user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_opt_outs_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text_direction NOT NULL,
	"phone" text NOT NULL,
	"our_number" text,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"error_code" integer,
	"error_message" text,
	"user_id" integer,
	"media_count" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texts_provider_sid_unique" UNIQUE("provider_sid")
);
--> statement-breakpoint
ALTER TABLE "text_opt_outs" ADD CONSTRAINT "text_opt_outs_text_id_texts_id_fk" FOREIGN KEY ("text_id") REFERENCES "texts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_opt_outs" ADD CONSTRAINT "text_opt_outs_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texts_phone_idx" ON "texts" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "texts_user_idx" ON "texts" USING btree ("user_id");
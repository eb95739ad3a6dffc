CREATE TABLE "inquiry_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"inquiry_id" integer NOT NULL,
	"side" text NOT NULL,
	"via" text NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"email_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_messages_side" CHECK ("inquiry_messages"."side" in ('buyer', 'seller')),
	CONSTRAINT "inquiry_messages_via" CHECK ("inquiry_messages"."via" in ('form', 'email', 'dashboard'))
);
--> statement-breakpoint
CREATE TABLE "listing_inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_phone" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_inquiries_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_listing_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "listing_inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inquiries" ADD CONSTRAINT "listing_inquiries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inquiry_messages_email_idx" ON "inquiry_messages" USING btree ("inquiry_id","email_message_id") WHERE "inquiry_messages"."email_message_id" is not null;--> statement-breakpoint
CREATE INDEX "listing_inquiries_listing_idx" ON "listing_inquiries" USING btree ("listing_id","last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_ticket_messages_email_idx" ON "support_ticket_messages" USING btree ("ticket_id","email_message_id") WHERE "support_ticket_messages"."email_message_id" is not null;
CREATE TABLE "referral_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"customer_id" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_invitations_hash_unique" UNIQUE("hash"),
	CONSTRAINT "referral_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "referral_invitations" ADD CONSTRAINT "referral_invitations_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invitations" ADD CONSTRAINT "referral_invitations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_invitations_referrer_idx" ON "referral_invitations" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_invitations_email_idx" ON "referral_invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invitations_customer_idx" ON "referral_invitations" USING btree ("customer_id") WHERE "referral_invitations"."customer_id" is not null;
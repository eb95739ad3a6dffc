CREATE TABLE "message_reads" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"author_id" integer,
	"from_staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "property_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" "property_role" NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_invitations_hash_unique" UNIQUE("hash"),
	CONSTRAINT "property_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_invitations" ADD CONSTRAINT "property_invitations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_invitations" ADD CONSTRAINT "property_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_reads_user_property_idx" ON "message_reads" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE INDEX "messages_property_idx" ON "messages" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "property_invitations_property_idx" ON "property_invitations" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "property_invitations_email_idx" ON "property_invitations" USING btree (lower("email"));
CREATE TYPE "job_status" AS ENUM('pending', 'done', 'failed');--> statement-breakpoint
CREATE TYPE "vendor_kind" AS ENUM('agent', 'referral_agent', 'referrer', 'concierge', 'settlement', 'field');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_hash" text,
	"actor_email" text,
	"actor_role" text,
	"ip" text,
	"user_agent" text,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"action" text NOT NULL,
	"record_type" text,
	"record_id" text,
	"before" jsonb,
	"after" jsonb,
	"status" smallint NOT NULL
);--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "user_vendor_kinds" (
	"user_id" integer NOT NULL,
	"kind" "vendor_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_vendor_kinds_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);--> statement-breakpoint
CREATE TABLE "vendor_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "vendor_kind" NOT NULL,
	"property_id" integer NOT NULL,
	"order_id" integer,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_assignments_hash_unique" UNIQUE("hash")
);--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_roles_key_unique" UNIQUE("key"),
	CONSTRAINT "staff_roles_name_unique" UNIQUE("name")
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role_id" integer;--> statement-breakpoint
ALTER TABLE "user_vendor_kinds" ADD CONSTRAINT "user_vendor_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_assignments" ADD CONSTRAINT "vendor_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_type","record_id","id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_assignments_unique_idx" ON "vendor_assignments" USING btree ("user_id","kind","property_id",coalesce("order_id", 0));--> statement-breakpoint
CREATE INDEX "vendor_assignments_property_idx" ON "vendor_assignments" USING btree ("property_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_id_staff_roles_id_fk" FOREIGN KEY ("staff_role_id") REFERENCES "staff_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("staff_role_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- The built-in roles (BUILT_IN_ROLES in packages/contracts/src/staff/permissions.ts; a test keeps them equal).
INSERT INTO "staff_roles" ("key", "name", "description", "permissions", "is_owner") VALUES
  ('owner', 'Owner', 'Everything, including roles. Cannot be edited.', ARRAY[]::text[], true),
  ('operations', 'Operations', 'Runs orders and vendors day to day.', ARRAY['users.view', 'vendors.manage', 'properties.view', 'orders.view', 'messages.answer', 'jobs.view', 'jobs.retry', 'data.export']::text[], false),
  ('support', 'Support', 'Helps customers with their accounts, properties and orders.', ARRAY['users.view', 'properties.view', 'orders.view', 'messages.answer']::text[], false),
  ('compliance', 'Compliance', 'Reviews who did what for audits and complaints.', ARRAY['users.view', 'properties.view', 'orders.view', 'activity.view', 'data.export']::text[], false),
  ('marketing', 'Marketing', 'Reads figures and exports lists for campaigns.', ARRAY['users.view', 'properties.view', 'orders.view', 'data.export']::text[], false);--> statement-breakpoint
-- The admin flag becomes the owner role.
UPDATE "users" SET "staff_role_id" = (SELECT "id" FROM "staff_roles" WHERE "key" = 'owner') WHERE "admin";--> statement-breakpoint
-- The vendor flag had no kinds; those accounts become agents (docs/decisions/013-staff-roles-and-permissions.md).
INSERT INTO "user_vendor_kinds" ("user_id", "kind") SELECT "id", 'agent' FROM "users" WHERE "vendor";--> statement-breakpoint
-- Mail moves onto the jobs table (docs/decisions/014-background-jobs.md), history included.
INSERT INTO "jobs" ("kind", "payload", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "finished_at")
SELECT 'mail.send',
  jsonb_build_object('to', "to", 'subject', "subject", 'text', "text", 'html', "html"),
  (CASE "status" WHEN 'sent' THEN 'done' ELSE "status"::text END)::"job_status",
  "attempts", 30, "next_attempt_at", "last_error", "created_at", "sent_at"
FROM "mail_outbox" ORDER BY "id";--> statement-breakpoint
-- The activity log is append-only: no UPDATE, no TRUNCATE, and DELETE only past the two-year retention.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.created_at < now() - interval '2 years' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
ALTER TABLE "mail_outbox" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "mail_outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vendor";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "admin";--> statement-breakpoint
DROP TYPE "mail_outbox_status";
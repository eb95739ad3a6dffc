CREATE TYPE "lockbox_state" AS ENUM('in_stock', 'out', 'lost', 'retired');--> statement-breakpoint
CREATE TYPE "lockbox_type" AS ENUM('combination', 'push_button', 'electronic');--> statement-breakpoint
CREATE TABLE "lockbox_rentals" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"lockbox_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"deposit_cents" integer NOT NULL,
	"returned_on" date,
	"deposit_refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_claimed_until" timestamp with time zone,
	"forfeited_at" timestamp with time zone,
	"reminders_sent" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"rented_by" integer,
	"returned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lockbox_rentals_hash_unique" UNIQUE("hash"),
	CONSTRAINT "lockbox_rentals_end_after_start" CHECK ("lockbox_rentals"."end_date" > "lockbox_rentals"."start_date"),
	CONSTRAINT "lockbox_rentals_refund_within_deposit" CHECK ("lockbox_rentals"."deposit_cents" >= 0 and "lockbox_rentals"."deposit_refunded_cents" >= 0 and "lockbox_rentals"."deposit_refunded_cents" <= "lockbox_rentals"."deposit_cents"),
	CONSTRAINT "lockbox_rentals_returned_or_forfeited" CHECK ("lockbox_rentals"."returned_on" is null or "lockbox_rentals"."forfeited_at" is null)
);
--> statement-breakpoint
CREATE TABLE "lockboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"serial" text NOT NULL,
	"type" "lockbox_type" NOT NULL,
	"state" "lockbox_state" DEFAULT 'in_stock' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lockboxes_hash_unique" UNIQUE("hash"),
	CONSTRAINT "lockboxes_serial_unique" UNIQUE("serial")
);
--> statement-breakpoint
ALTER TABLE "lockbox_rentals" ADD CONSTRAINT "lockbox_rentals_lockbox_id_lockboxes_id_fk" FOREIGN KEY ("lockbox_id") REFERENCES "lockboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockbox_rentals" ADD CONSTRAINT "lockbox_rentals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockbox_rentals" ADD CONSTRAINT "lockbox_rentals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockbox_rentals" ADD CONSTRAINT "lockbox_rentals_rented_by_users_id_fk" FOREIGN KEY ("rented_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockbox_rentals" ADD CONSTRAINT "lockbox_rentals_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lockbox_rentals_lockbox_idx" ON "lockbox_rentals" USING btree ("lockbox_id");--> statement-breakpoint
CREATE INDEX "lockbox_rentals_property_idx" ON "lockbox_rentals" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lockbox_rentals_one_active_per_order_idx" ON "lockbox_rentals" USING btree ("order_id") WHERE "lockbox_rentals"."returned_on" is null and "lockbox_rentals"."forfeited_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lockbox_rentals_one_active_per_lockbox_idx" ON "lockbox_rentals" USING btree ("lockbox_id") WHERE "lockbox_rentals"."returned_on" is null and "lockbox_rentals"."forfeited_at" is null;--> statement-breakpoint
CREATE INDEX "lockboxes_state_idx" ON "lockboxes" USING btree ("state");--> statement-breakpoint
-- Lockboxes (issue 21) are run by Operations; roles staff edited keep their choices.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'lockboxes.manage') WHERE "key" = 'operations' AND NOT ('lockboxes.manage' = ANY("permissions"));

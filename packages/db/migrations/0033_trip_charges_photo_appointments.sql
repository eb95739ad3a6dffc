CREATE TYPE "invoice_kind" AS ENUM('order', 'trip_charge');--> statement-breakpoint
CREATE TABLE "photographers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_off" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_unique";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" "invoice_kind" DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "work_order_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "appointment_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "appointment_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photographers" ADD CONSTRAINT "photographers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_trip_charge_idx" ON "invoices" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_photographer_slot_idx" ON "work_orders" USING btree ("assignee_id","appointment_starts_at") WHERE "work_orders"."appointment_starts_at" is not null and "work_orders"."state" in ('scheduled', 'en_route');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_trip_charge_has_work_order" CHECK (("invoices"."kind" = 'trip_charge') = ("invoices"."work_order_id" is not null));--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_appointment_span" CHECK (("work_orders"."appointment_starts_at" is null) = ("work_orders"."appointment_ends_at" is null) and ("work_orders"."appointment_starts_at" is null or "work_orders"."appointment_ends_at" > "work_orders"."appointment_starts_at"));
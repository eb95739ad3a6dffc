CREATE TYPE "offer_status" AS ENUM('received', 'countered', 'accepted', 'rejected', 'withdrawn', 'expired');--> statement-breakpoint
ALTER TYPE "invoice_kind" ADD VALUE 'agent_hours';--> statement-breakpoint
CREATE TABLE "agent_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"agent_id" integer,
	"work_day" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text NOT NULL,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_hours_hash_unique" UNIQUE("hash"),
	CONSTRAINT "agent_hours_minutes" CHECK ("agent_hours"."minutes" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "property_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"recorded_by" integer,
	"price_cents" integer NOT NULL,
	"buyer_agent" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" "offer_status" DEFAULT 'received' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_offers_hash_unique" UNIQUE("hash"),
	CONSTRAINT "property_offers_price_cents" CHECK ("property_offers"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "agent_hours" ADD CONSTRAINT "agent_hours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_hours" ADD CONSTRAINT "agent_hours_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_hours" ADD CONSTRAINT "agent_hours_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_hours" ADD CONSTRAINT "agent_hours_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_offers" ADD CONSTRAINT "property_offers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_offers" ADD CONSTRAINT "property_offers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_hours_property_idx" ON "agent_hours" USING btree ("property_id","work_day");--> statement-breakpoint
CREATE INDEX "agent_hours_unbilled_idx" ON "agent_hours" USING btree ("order_id") WHERE "agent_hours"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "property_offers_property_idx" ON "property_offers" USING btree ("property_id","created_at");--> statement-breakpoint
-- Decision 050: a billed hour is final. Once invoice_id is set, nothing of the row changes and it is
-- never billed again (staff correct a mistake on the invoice, not on the hour).
CREATE FUNCTION agent_hours_billed_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.invoice_id IS NOT NULL THEN
    RAISE EXCEPTION 'agent_hours %: billed hours do not change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER agent_hours_billed_final BEFORE UPDATE ON agent_hours
  FOR EACH ROW EXECUTE FUNCTION agent_hours_billed_final();

CREATE TYPE "cda_payee_role" AS ENUM('listing_brokerage', 'buyer_brokerage', 'referral', 'transaction_fee', 'other');--> statement-breakpoint
CREATE TYPE "cda_status" AS ENUM('draft', 'signed', 'approved');--> statement-breakpoint
CREATE TYPE "settlement_transaction_status" AS ENUM('open', 'closed');--> statement-breakpoint
ALTER TYPE "signing_document_kind" ADD VALUE 'settlement_cda';--> statement-breakpoint
CREATE TABLE "settlement_cda_payees" (
	"id" serial PRIMARY KEY NOT NULL,
	"cda_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"role" "cda_payee_role" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"instructions" text,
	CONSTRAINT "settlement_cda_payees_amount" CHECK ("settlement_cda_payees"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_cdas" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"commission_cents" bigint NOT NULL,
	"status" "cda_status" DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"document_id" integer,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"return_note" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_cdas_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "settlement_cdas_commission" CHECK ("settlement_cdas"."commission_cents" > 0),
	CONSTRAINT "settlement_cdas_signed_has_document" CHECK ("settlement_cdas"."status" = 'draft' or ("settlement_cdas"."document_id" is not null and "settlement_cdas"."signed_at" is not null)),
	CONSTRAINT "settlement_cdas_approved_has_approver" CHECK ("settlement_cdas"."status" <> 'approved' or "settlement_cdas"."approved_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "settlement_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"escrow_number" text,
	"sale_price_cents" bigint NOT NULL,
	"closing_date" date NOT NULL,
	"status" "settlement_transaction_status" DEFAULT 'open' NOT NULL,
	"statement_key" text,
	"statement_name" text,
	"statement_bytes" integer,
	"statement_sha256" text,
	"statement_uploaded_at" timestamp with time zone,
	"statement_uploaded_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_transactions_hash_unique" UNIQUE("hash"),
	CONSTRAINT "settlement_transactions_sale_price" CHECK ("settlement_transactions"."sale_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "settlement_cda_payees" ADD CONSTRAINT "settlement_cda_payees_cda_id_settlement_cdas_id_fk" FOREIGN KEY ("cda_id") REFERENCES "settlement_cdas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cdas" ADD CONSTRAINT "settlement_cdas_transaction_id_settlement_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "settlement_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cdas" ADD CONSTRAINT "settlement_cdas_document_id_signing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "signing_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cdas" ADD CONSTRAINT "settlement_cdas_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cdas" ADD CONSTRAINT "settlement_cdas_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_cdas" ADD CONSTRAINT "settlement_cdas_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_statement_uploaded_by_users_id_fk" FOREIGN KEY ("statement_uploaded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_transactions" ADD CONSTRAINT "settlement_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_cda_payees_position_idx" ON "settlement_cda_payees" USING btree ("cda_id","position");--> statement-breakpoint
CREATE INDEX "settlement_cdas_status_idx" ON "settlement_cdas" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_transactions_open_idx" ON "settlement_transactions" USING btree ("property_id") WHERE "settlement_transactions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "settlement_transactions_created_idx" ON "settlement_transactions" USING btree ("created_at","id");--> statement-breakpoint
-- An approved commission disbursement authorisation is final (docs/decisions/049): its row and its
-- payees can no longer be changed or removed, and no payee can be added to it.
CREATE FUNCTION "keep_approved_cda"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'approved' THEN
    RAISE EXCEPTION 'an approved commission disbursement authorisation is immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlement_cdas_immutable" BEFORE UPDATE OR DELETE ON "settlement_cdas"
  FOR EACH ROW EXECUTE FUNCTION "keep_approved_cda"();--> statement-breakpoint
CREATE FUNCTION "keep_approved_cda_payees"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cda integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    cda := NEW.cda_id;
  ELSE
    cda := OLD.cda_id;
  END IF;
  IF EXISTS (SELECT 1 FROM "settlement_cdas" c WHERE c.id = cda AND c.status = 'approved')
    OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM "settlement_cdas" c WHERE c.id = NEW.cda_id AND c.status = 'approved'))
  THEN
    RAISE EXCEPTION 'the payees of an approved commission disbursement authorisation are immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "settlement_cda_payees_immutable" BEFORE INSERT OR UPDATE OR DELETE ON "settlement_cda_payees"
  FOR EACH ROW EXECUTE FUNCTION "keep_approved_cda_payees"();--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'settlement.approve') WHERE "key" = 'operations' AND NOT ('settlement.approve' = ANY("permissions"));

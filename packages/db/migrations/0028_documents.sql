CREATE TYPE "document_state" AS ENUM('submitted', 'approved', 'rejected', 'exempt');--> statement-breakpoint
CREATE TYPE "document_type" AS ENUM('listing_agreement', 'sellers_disclosure', 'lead_paint_disclosure', 'purchase_contract', 'lease', 'addendum', 'other');--> statement-breakpoint
CREATE TYPE "transaction_kind" AS ENUM('sale_seller', 'sale_buyer', 'lease_landlord');--> statement-breakpoint
CREATE TABLE "document_reject_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reject_reasons_key_unique" UNIQUE("key"),
	CONSTRAINT "document_reject_reasons_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "property_built_years" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"year_built" smallint NOT NULL,
	"stated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"property_id" integer NOT NULL,
	"kind" "transaction_kind" NOT NULL,
	"type" "document_type" NOT NULL,
	"version" integer NOT NULL,
	"replaces_id" integer,
	"state" "document_state" DEFAULT 'submitted' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reason_id" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "property_documents_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "property_built_years" ADD CONSTRAINT "property_built_years_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_built_years" ADD CONSTRAINT "property_built_years_stated_by_users_id_fk" FOREIGN KEY ("stated_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_reason_id_document_reject_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "document_reject_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "property_documents_version_idx" ON "property_documents" USING btree ("property_id","kind","type","version");--> statement-breakpoint
CREATE INDEX "property_documents_state_idx" ON "property_documents" USING btree ("state","uploaded_at");--> statement-breakpoint
-- Documents (issue 23) are reviewed by Operations; roles staff edited keep their choices.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'documents.review') WHERE "key" = 'operations' AND NOT ('documents.review' = ANY("permissions"));--> statement-breakpoint
-- The first reasons for sending a document back, in our words; staff add and retire their own.
INSERT INTO "document_reject_reasons" ("key", "label") VALUES
	('unreadable', 'We cannot read it: the scan is blurred, cut off or too dark.'),
	('unsigned', 'A signature or initials are missing.'),
	('incomplete', 'Pages or answers are missing.'),
	('wrong_document', 'This is not the document asked for.'),
	('wrong_property', 'It names another property or other people.'),
	('outdated', 'It is an old form or has expired.'),
	('other', 'Something else (see the note).')
ON CONFLICT DO NOTHING;

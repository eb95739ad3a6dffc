CREATE TYPE "change_request_kind" AS ENUM('price', 'remarks', 'photos', 'status', 'renewal');--> statement-breakpoint
CREATE TYPE "change_request_status" AS ENUM('pending', 'completed', 'declined');--> statement-breakpoint
CREATE TYPE "reso_standard_status" AS ENUM('Active', 'ActiveUnderContract', 'Pending', 'Withdrawn', 'Canceled', 'Expired', 'Closed');--> statement-breakpoint
CREATE TYPE "signing_document_kind" AS ENUM('listing_agreement', 'renewal', 'change_form');--> statement-breakpoint
CREATE TYPE "signing_document_status" AS ENUM('awaiting', 'signed', 'superseded');--> statement-breakpoint
ALTER TYPE "mls_listing_status" ADD VALUE 'returned';--> statement-breakpoint
ALTER TYPE "mls_listing_status" ADD VALUE 'live';--> statement-breakpoint
ALTER TYPE "mls_listing_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TYPE "mls_listing_step" ADD VALUE 'sign';--> statement-breakpoint
ALTER TYPE "mls_listing_step" ADD VALUE 'review';--> statement-breakpoint
ALTER TYPE "mls_listing_step" ADD VALUE 'manage';--> statement-breakpoint
CREATE TABLE "document_signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"signed_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"consent_version" text,
	"unsigned_sha256" text,
	CONSTRAINT "document_signers_trail" CHECK ("document_signers"."signed_at" is null or ("document_signers"."user_id" is not null and "document_signers"."ip" is not null and "document_signers"."consent_version" is not null and "document_signers"."unsigned_sha256" is not null))
);
--> statement-breakpoint
CREATE TABLE "listing_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"listing_id" integer NOT NULL,
	"kind" "change_request_kind" NOT NULL,
	"status" "change_request_status" DEFAULT 'pending' NOT NULL,
	"details" jsonb NOT NULL,
	"document_id" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"staff_note" text,
	CONSTRAINT "listing_change_requests_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "listing_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"number" integer NOT NULL,
	"document_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"kind" "signing_document_kind" NOT NULL,
	"listing_id" integer,
	"title" text NOT NULL,
	"template_version" text NOT NULL,
	"status" "signing_document_status" DEFAULT 'awaiting' NOT NULL,
	"content" jsonb NOT NULL,
	"unsigned_key" text NOT NULL,
	"unsigned_sha256" text NOT NULL,
	"signed_key" text,
	"signed_sha256" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "signing_documents_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "return_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "mls_number" text;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "standard_status" "reso_standard_status";--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "live_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
ALTER TABLE "mls_listings" ADD COLUMN "expiry_reminded_for" text;--> statement-breakpoint
ALTER TABLE "document_signers" ADD CONSTRAINT "document_signers_document_id_signing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "signing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signers" ADD CONSTRAINT "document_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_listing_id_mls_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_document_id_signing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "signing_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_change_requests" ADD CONSTRAINT "listing_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_listing_id_mls_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_versions" ADD CONSTRAINT "listing_versions_document_id_signing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "signing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_documents" ADD CONSTRAINT "signing_documents_listing_id_mls_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "mls_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_documents" ADD CONSTRAINT "signing_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_signers_email_idx" ON "document_signers" USING btree ("document_id",lower("email"));--> statement-breakpoint
CREATE INDEX "listing_change_requests_listing_idx" ON "listing_change_requests" USING btree ("listing_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "listing_change_requests_status_idx" ON "listing_change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_versions_number_idx" ON "listing_versions" USING btree ("listing_id","number");--> statement-breakpoint
CREATE INDEX "signing_documents_listing_idx" ON "signing_documents" USING btree ("listing_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_documents_open_idx" ON "signing_documents" USING btree ("listing_id","kind") WHERE "signing_documents"."status" = 'awaiting' and "signing_documents"."kind" <> 'change_form';--> statement-breakpoint
CREATE INDEX "mls_listings_status_idx" ON "mls_listings" USING btree ("status","submitted_at");--> statement-breakpoint
-- What was signed stays as it was (docs/decisions/032): a listing version is never changed, and a
-- signing document's unsigned PDF, its hash and content, and once set its signed PDF and hash, are fixed.
CREATE FUNCTION "refuse_listing_version_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'listing versions are immutable';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "listing_versions_immutable" BEFORE UPDATE ON "listing_versions"
  FOR EACH ROW EXECUTE FUNCTION "refuse_listing_version_update"();--> statement-breakpoint
CREATE FUNCTION "keep_signed_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.unsigned_key IS DISTINCT FROM OLD.unsigned_key
    OR NEW.unsigned_sha256 IS DISTINCT FROM OLD.unsigned_sha256
    OR NEW.content IS DISTINCT FROM OLD.content
    OR NEW.kind IS DISTINCT FROM OLD.kind
    OR (OLD.signed_sha256 IS NOT NULL AND (NEW.signed_sha256 IS DISTINCT FROM OLD.signed_sha256
      OR NEW.signed_key IS DISTINCT FROM OLD.signed_key))
  THEN
    RAISE EXCEPTION 'a signing document''s files and content are immutable';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signing_documents_immutable" BEFORE UPDATE ON "signing_documents"
  FOR EACH ROW EXECUTE FUNCTION "keep_signed_document"();
--> statement-breakpoint
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'listings.review') WHERE "key" = 'operations' AND NOT ('listings.review' = ANY("permissions"));

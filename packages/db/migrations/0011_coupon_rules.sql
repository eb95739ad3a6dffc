CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"once_per_customer" boolean NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_redemptions" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "redemption_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "taxable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_once_per_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id") WHERE "coupon_redemptions"."once_per_customer";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_max_redemptions_positive" CHECK ("coupons"."max_redemptions" is null or "coupons"."max_redemptions" > 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_redemptions_within_cap" CHECK ("coupons"."redemption_count" >= 0 and ("coupons"."max_redemptions" is null or "coupons"."redemption_count" <= "coupons"."max_redemptions"));--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_window" CHECK ("coupons"."starts_at" is null or "coupons"."expires_at" is null or "coupons"."starts_at" < "coupons"."expires_at");--> statement-breakpoint
-- Orders placed with a coupon before these rules hold their redemption, so caps count them.
INSERT INTO "coupon_redemptions" ("coupon_id", "user_id", "order_id", "once_per_customer", "discount_cents")
  SELECT o."coupon_id", o."user_id", o."id", false, coalesce(i."discount_cents", 0)
  FROM "orders" o LEFT JOIN "invoices" i ON i."order_id" = o."id"
  WHERE o."coupon_id" IS NOT NULL AND o."status" <> 'cancelled';--> statement-breakpoint
UPDATE "coupons" c SET "redemption_count" = (SELECT count(*) FROM "coupon_redemptions" r WHERE r."coupon_id" = c."id");--> statement-breakpoint
-- The lockbox's published refundable deposit (issue 20); staff change it on the Products page.
UPDATE "products" SET "deposit_cents" = 10000, "updated_at" = now() WHERE "slug" = 'lockbox-rental' AND "deposit_cents" IS NULL;--> statement-breakpoint
-- Marketing runs promotions: it manages coupons from now on (docs/decisions/020-payments.md).
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'coupons.manage') WHERE "key" = 'marketing' AND NOT ('coupons.manage' = ANY("permissions"));

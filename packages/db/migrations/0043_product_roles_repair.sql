CREATE TABLE "product_role_repairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"roles_found" "property_role"[],
	"catalogue_roles" "property_role"[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_role_repairs_outcome" CHECK ("product_role_repairs"."outcome" in ('restored', 'kept'))
);
--> statement-breakpoint
ALTER TABLE "product_role_repairs" ADD CONSTRAINT "product_role_repairs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_role_repairs_product_idx" ON "product_role_repairs" USING btree ("product_id");--> statement-breakpoint
-- Data (issue 36; docs/decisions/054-product-roles-repair.md). Admin → Products read every
-- product's roles as coverage row 1's (the listing side: seller, sellerAgent, landlord,
-- landlordAgent, concierge) and each save wrote them to all the product's rows. A product whose
-- rows all hold exactly that set while the catalogue (packages/db/seed/products-catalogue.ts)
-- says otherwise was damaged: its rows get the catalogue's roles back. Any other difference from
-- the catalogue was chosen by staff: it is kept, and listed on Admin → Products. The activity
-- log's "before" was read through the same fault, so it is not used.
INSERT INTO "product_role_repairs" ("product_id", "outcome", "roles_found", "catalogue_roles")
SELECT d.id,
  CASE WHEN d.all_listing_side AND NOT d.catalogue_listing_side THEN 'restored' ELSE 'kept' END,
  d.roles_found, d.catalogue_roles
FROM (
  SELECT p.id, c.roles AS catalogue_roles,
    (SELECT fr.roles FROM "product_coverage" fr WHERE fr.product_id = p.id ORDER BY fr.id LIMIT 1) AS roles_found,
    bool_and(pc.roles IS NOT NULL AND pc.roles @> f.roles AND pc.roles <@ f.roles) AS all_listing_side,
    coalesce(c.roles @> f.roles AND c.roles <@ f.roles, false) AS catalogue_listing_side,
    bool_and(CASE WHEN c.roles IS NULL THEN pc.roles IS NULL
      ELSE pc.roles IS NOT NULL AND pc.roles @> c.roles AND pc.roles <@ c.roles END) AS as_catalogue
  FROM "products" p
  JOIN (VALUES
    ('mls-listing-state', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('mls-listing-local', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('fsbo-listing', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('free-comps', NULL::property_role[]),
    ('comps', NULL::property_role[]),
    ('home-value-report', NULL::property_role[]),
    ('photography', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('lockbox-rental', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('{product}-signs', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('real-estate-sign-posts', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('sign-post-purchase', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('sign-purchase', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('seller-flat-fee-representation', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('seller-hourly-representation', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('seller-full-service-representation', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('buyer-flat-fee-representation', '{buyer,buyerAgent}'::property_role[]),
    ('buyer-hourly-representation', '{buyer,buyerAgent}'::property_role[]),
    ('buyer-full-service-representation', '{buyer,buyerAgent}'::property_role[]),
    ('concierge-review', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[]),
    ('concierge-listing', '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[])
  ) AS c (slug, roles)
    ON c.slug = p.slug OR (c.slug = '{product}-signs' AND p.slug LIKE '%-signs')
  JOIN "product_coverage" pc ON pc.product_id = p.id
  CROSS JOIN (SELECT '{seller,sellerAgent,landlord,landlordAgent,concierge}'::property_role[] AS roles) AS f
  GROUP BY p.id, c.roles, f.roles
) AS d
WHERE NOT d.as_catalogue;--> statement-breakpoint
UPDATE "product_coverage" pc SET "roles" = r.catalogue_roles
FROM "product_role_repairs" r
WHERE r.outcome = 'restored' AND pc.product_id = r.product_id;--> statement-breakpoint
UPDATE "products" p SET "updated_at" = now()
FROM "product_role_repairs" r
WHERE r.outcome = 'restored' AND p.id = r.product_id;--> statement-breakpoint
-- Each product examined has its activity-log entry, written in this migration's transaction.
INSERT INTO "audit_log" ("actor_kind", "method", "url", "action", "record_type", "record_id", "before", "after", "status")
SELECT 'system', 'MIGRATE', 'migration 0043_product_roles_repair',
  CASE r.outcome WHEN 'restored' THEN 'product.roles-restored' ELSE 'product.roles-kept' END,
  'product', p.slug,
  jsonb_build_object('roles', to_jsonb(r.roles_found::text[])),
  jsonb_build_object('roles', to_jsonb(CASE r.outcome WHEN 'restored' THEN r.catalogue_roles ELSE r.roles_found END::text[])),
  200
FROM "product_role_repairs" r JOIN "products" p ON p.id = r.product_id;

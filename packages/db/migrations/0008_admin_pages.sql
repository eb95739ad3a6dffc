ALTER TABLE "users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
-- Data (issue 20): our published prices, in integer cents, for products still quoted
-- (price_cents null). Rows staff have already priced are left alone; staff change prices on
-- /admin/products. Agent representation stays quoted: its order is a request for an agent.
UPDATE "products" SET "price_cents" = 17900, "updated_at" = now() WHERE "slug" = 'photography' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 3900, "updated_at" = now() WHERE "slug" = 'lockbox-rental' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 8900, "updated_at" = now() WHERE "slug" = 'real-estate-sign-posts' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 3900, "updated_at" = now() WHERE "slug" LIKE '%-signs' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 12900, "updated_at" = now() WHERE "slug" = 'sign-post-purchase' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 4900, "updated_at" = now() WHERE "slug" = 'sign-purchase' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 4900, "updated_at" = now() WHERE "slug" = 'home-value-report' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 2900, "updated_at" = now() WHERE "slug" = 'comps' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 4900, "updated_at" = now() WHERE "slug" = 'concierge-review' AND "price_cents" IS NULL;--> statement-breakpoint
UPDATE "products" SET "price_cents" = 9900, "updated_at" = now() WHERE "slug" = 'concierge-listing' AND "price_cents" IS NULL;

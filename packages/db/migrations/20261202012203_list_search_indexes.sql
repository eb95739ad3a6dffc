-- pg_trgm lives in its own schema, shared by every schema of the database (each test worker
-- migrates its own); the lock keeps two first migrations from creating it at once (decision 088).
SELECT pg_advisory_xact_lock(hashtext('lantern:extension:pg_trgm'));--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS extensions;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA extensions;--> statement-breakpoint
DROP INDEX "listings_published_city_idx";--> statement-breakpoint
CREATE INDEX "listings_published_city_listed_idx" ON "listings" USING btree (lower("city"),"listed_at","id") WHERE "listings"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_product_created_idx" ON "orders" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_confirmed_product_idx" ON "orders" USING btree ("product_id","created_at","id") WHERE "orders"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "properties_street_city_trgm_idx" ON "properties" USING gin (("street" || ' ' || "city") extensions.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" extensions.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" extensions.gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "work_orders_assignee_state_day_idx" ON "work_orders" USING btree ("assignee_id","state",coalesce("scheduled_day", '9999-12-31'::date),"id");
DROP INDEX "orders_property_idx";--> statement-breakpoint
CREATE INDEX "orders_property_idx" ON "orders" USING btree ("property_id","id");
DROP INDEX "work_orders_property_idx";--> statement-breakpoint
CREATE INDEX "work_orders_property_idx" ON "work_orders" USING btree ("property_id","id");
DROP INDEX "work_orders_assignee_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("status","number","id");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_day_idx" ON "work_orders" USING btree ("assignee_id",coalesce("scheduled_day", '9999-12-31'::date),"id");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_created_idx" ON "work_orders" USING btree ("assignee_id","created_at","id");
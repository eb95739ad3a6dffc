ALTER TABLE "orders" ADD COLUMN "mls_board_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_mls_board_id_mls_boards_id_fk" FOREIGN KEY ("mls_board_id") REFERENCES "mls_boards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_active_unboarded_idx" ON "orders" USING btree ("property_id","product_id") WHERE "orders"."status" in ('pending_payment', 'quote_requested', 'confirmed') and "orders"."mls_board_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_active_per_board_idx" ON "orders" USING btree ("property_id","mls_board_id") WHERE "orders"."status" in ('pending_payment', 'quote_requested', 'confirmed') and "orders"."mls_board_id" is not null;--> statement-breakpoint
-- The release before never sets mls_board_id, so the new unboarded index holds it to exactly
-- the old rule; the old index goes once its replacement exists.
DROP INDEX "orders_one_active_idx";

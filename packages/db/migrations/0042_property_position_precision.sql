CREATE TYPE "position_precision" AS ENUM('rooftop', 'street', 'zip', 'pin');--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "position_precision" "position_precision";--> statement-breakpoint
CREATE INDEX "properties_unplaced_idx" ON "properties" USING btree ("id") WHERE county is null or lat is null or position_precision is null;
CREATE TYPE "photo_shoot_status" AS ENUM('uploading', 'submitted', 'approved', 'returned');--> statement-breakpoint
CREATE TABLE "photo_shoots" (
	"work_order_id" integer PRIMARY KEY NOT NULL,
	"status" "photo_shoot_status" DEFAULT 'uploading' NOT NULL,
	"licence_agreed_by" integer,
	"licence_agreed_at" timestamp with time zone,
	"licence_text" text,
	"submitted_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"return_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_photos" DROP CONSTRAINT "listing_photos_one_owner";--> statement-breakpoint
ALTER TABLE "listing_photos" ADD COLUMN "shoot_work_order_id" integer;--> statement-breakpoint
ALTER TABLE "photo_shoots" ADD CONSTRAINT "photo_shoots_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_shoots" ADD CONSTRAINT "photo_shoots_licence_agreed_by_users_id_fk" FOREIGN KEY ("licence_agreed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_shoots" ADD CONSTRAINT "photo_shoots_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_shoot_work_order_id_work_orders_id_fk" FOREIGN KEY ("shoot_work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_shoot_idx" ON "listing_photos" USING btree ("shoot_work_order_id","position");--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_one_owner" CHECK (num_nonnulls("listing_photos"."listing_id", "listing_photos"."fsbo_listing_id", "listing_photos"."work_order_id", "listing_photos"."shoot_work_order_id") = 1);
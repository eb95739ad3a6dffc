CREATE TABLE "crm_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"crm_id" text,
	"synced_at" timestamp with time zone,
	"creating_until" timestamp with time zone,
	"job_id" bigint,
	"last_error_status" smallint,
	"last_error_message" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_records_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "crm_records_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "crm_records_one_subject" CHECK (("crm_records"."user_id" is null) <> ("crm_records"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_records_job_idx" ON "crm_records" USING btree ("job_id");
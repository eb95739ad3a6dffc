CREATE TABLE "message_threads" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"last_message_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_threads_last_idx" ON "message_threads" USING btree ("last_message_id");--> statement-breakpoint
-- The threads that exist: each property with messages, at its newest one.
INSERT INTO "message_threads" ("property_id", "last_message_id")
  SELECT "property_id", max("id") FROM "messages" GROUP BY "property_id";

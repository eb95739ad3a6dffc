CREATE TABLE "sales_area_coverage" (
	"grid_cell" integer PRIMARY KEY NOT NULL,
	"sales_12m" integer NOT NULL,
	"newest_close_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Sales stored before this migration are counted at once; the daily sales.coverage job keeps
-- the counts current from here on (docs/decisions/059).
INSERT INTO "sales_area_coverage" ("grid_cell", "sales_12m", "newest_close_date")
SELECT "grid_cell",
  (count(*) FILTER (WHERE "close_date" > (current_date - interval '12 months')::date
    AND "close_date" <= current_date))::int,
  max("close_date")
FROM "closed_sales"
WHERE "grid_cell" IS NOT NULL
GROUP BY "grid_cell";

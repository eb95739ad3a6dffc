-- Decision 088's staff order search walks the list when PostgreSQL expects more than 1,000 of
-- 100,000 orders to match, a 1% share. At the default 100 histogram buckets one bucket bound
-- holding the term already reads as 1%, so a term matching ten homes could be walked. A thousand
-- buckets make one bound read as 0.1%: the estimate keeps to the side of the cap it belongs on.
ALTER INDEX "properties_street_city_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET STATISTICS 1000;

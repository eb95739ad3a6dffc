-- Issue 44: the public MLS pages read the boards on each request, so the `site.rebuild` job kind
-- is gone. No worker takes up a kind it does not define: rows left from it would wait for ever.
DELETE FROM "jobs" WHERE "kind" = 'site.rebuild';

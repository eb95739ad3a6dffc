-- Marketing lists (issue 23): the built-in Marketing role may read them. Roles staff edited keep
-- their choices; only a role still without the permission gains it.
UPDATE "staff_roles" SET "permissions" = array_append("permissions", 'marketing.lists') WHERE "key" = 'marketing' AND NOT ('marketing.lists' = ANY("permissions"));

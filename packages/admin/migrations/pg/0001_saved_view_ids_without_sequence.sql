-- A saved view's id is drawn by its row's default instead of a sequence, which drizzle-kit's tablesFilter cannot exclude (an app's `drizzle-kit push` dropped it). Each statement may run again (ensureAdminTables runs them on every start).
ALTER TABLE "viewsets_admin_saved_views" ALTER COLUMN "id" SET DEFAULT floor(random() * 9007199254740991 + 1)::bigint;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "viewsets_admin_saved_views_id_seq";

-- A saved view keeps the columns it shows (a JSON list; null: every column). Each statement may run again (ensureAdminTables runs them on every start; on SQLite it skips an ADD of a column that is there).
ALTER TABLE `viewsets_admin_saved_views` ADD `columns` text;

CREATE TABLE IF NOT EXISTS `viewsets_admin_saved_views` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`model` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`search` text DEFAULT '' NOT NULL,
	`filters` text DEFAULT '{}' NOT NULL,
	`ordering` text DEFAULT '[]' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `viewsets_admin_saved_views_name` ON `viewsets_admin_saved_views` (`user_id`,`model`,`name_key`);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS `viewsets_admin_saved_views_default` ON `viewsets_admin_saved_views` (`user_id`,`model`) WHERE is_default = 1;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `viewsets_admin_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`csrf_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `viewsets_admin_sessions_expires` ON `viewsets_admin_sessions` (`expires_at`);
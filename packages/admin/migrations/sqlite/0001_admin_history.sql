CREATE TABLE IF NOT EXISTS `viewsets_admin_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`username` text NOT NULL,
	`model` text NOT NULL,
	`object_id` text NOT NULL,
	`object_label` text NOT NULL,
	`action` text NOT NULL,
	`changes` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `viewsets_admin_history_object` ON `viewsets_admin_history` (`model`,`object_id`,`created_at`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `viewsets_admin_history_user` ON `viewsets_admin_history` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `viewsets_admin_history_created` ON `viewsets_admin_history` (`created_at`);
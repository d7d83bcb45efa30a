CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(100) NOT NULL,
	`description` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`old_price` numeric NOT NULL,
	`new_price` numeric NOT NULL,
	`reason` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `price_changes_product` ON `price_changes` (`product_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(200) NOT NULL,
	`description` text,
	`category_id` integer NOT NULL,
	`in_stock` integer DEFAULT true NOT NULL,
	`price` numeric NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `products_status_price` ON `products` (`status`,`price`);--> statement-breakpoint
CREATE INDEX `products_status_created_at` ON `products` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category` ON `products` (`category_id`);--> statement-breakpoint
CREATE INDEX `products_stock_status` ON `products` (`in_stock`,`status`);--> statement-breakpoint
CREATE INDEX `products_status_category` ON `products` (`status`,`category_id`);--> statement-breakpoint
CREATE INDEX `products_status_stock_category` ON `products` (`status`,`in_stock`,`category_id`);--> statement-breakpoint
CREATE INDEX `products_price` ON `products` (`price`);--> statement-breakpoint
CREATE INDEX `products_created_at` ON `products` (`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text(150) NOT NULL,
	`password_hash` text NOT NULL,
	`is_staff` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);
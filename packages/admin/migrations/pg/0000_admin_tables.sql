CREATE TABLE IF NOT EXISTS "viewsets_admin_saved_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"model" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"filters" text DEFAULT '{}' NOT NULL,
	"ordering" text DEFAULT '[]' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "viewsets_admin_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "viewsets_admin_saved_views_name" ON "viewsets_admin_saved_views" USING btree ("user_id","model","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "viewsets_admin_saved_views_default" ON "viewsets_admin_saved_views" USING btree ("user_id","model") WHERE is_default;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "viewsets_admin_sessions_expires" ON "viewsets_admin_sessions" USING btree ("expires_at");
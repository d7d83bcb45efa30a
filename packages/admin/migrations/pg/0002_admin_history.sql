CREATE TABLE IF NOT EXISTS "viewsets_admin_history" (
	"id" bigint PRIMARY KEY DEFAULT floor(random() * 9007199254740991 + 1)::bigint NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"model" text NOT NULL,
	"object_id" text NOT NULL,
	"object_label" text NOT NULL,
	"action" text NOT NULL,
	"changes" text DEFAULT '[]' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "viewsets_admin_history_object" ON "viewsets_admin_history" USING btree ("model","object_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "viewsets_admin_history_user" ON "viewsets_admin_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "viewsets_admin_history_created" ON "viewsets_admin_history" USING btree ("created_at");
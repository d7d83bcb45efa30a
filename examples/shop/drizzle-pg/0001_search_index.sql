-- `?search=` over products' name and description: pg_trgm GIN indexes (the extension first: drizzle-kit does not write it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_name" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_description" ON "products" USING gin ("description" gin_trgm_ops);
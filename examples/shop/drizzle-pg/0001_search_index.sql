-- `?search=` over products' name and description: pg_trgm GIN indexes, as trigramIndexSql(products, PRODUCT_SEARCH_INDEX) writes them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_name ON products USING gin (name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_description ON products USING gin (description gin_trgm_ops);

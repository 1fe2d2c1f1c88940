DROP INDEX "products_sku_lower_idx";--> statement-breakpoint
CREATE INDEX "products_sku_lower_idx" ON "products" USING btree (lower("sku") text_pattern_ops);
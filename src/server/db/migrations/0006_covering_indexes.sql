-- Listings and their filters read only a product's category, brand and the country's price: these
-- narrow indexes let PostgreSQL answer from them (index-only scans) instead of reading the wide product
-- rows (description, search text). Drizzle cannot declare INCLUDE columns, hence a hand-written migration.
CREATE INDEX "products_active_category_idx" ON "products" USING btree ("category_id") INCLUDE ("id", "brand_id") WHERE "is_active";
--> statement-breakpoint
CREATE INDEX "product_offers_country_product_idx" ON "product_offers" USING btree ("country", "product_id") INCLUDE ("price");

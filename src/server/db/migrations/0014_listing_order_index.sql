-- The default catalog ordering (issue 12): what can be bought now first, then by price. An expression
-- index Drizzle cannot declare, so PostgreSQL walks it for a country's listing instead of sorting every
-- offer of a 20,000-product catalog.
CREATE INDEX "product_offers_listing_idx" ON "product_offers" USING btree ("country", (("quantity" > 0 AND "price" IS NOT NULL)) DESC, "price", "product_id");

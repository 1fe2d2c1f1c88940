-- Every word of the product names and search texts, for typo-tolerant search: a misspelt search word
-- is matched by trigram similarity against these words, and the close ones join the full-text query.
-- Refreshed after products are written (src/server/catalog/search.ts, refreshSearchWords).
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT DISTINCT word
  FROM "products", regexp_split_to_table(lower("products"."name" || ' ' || "products"."search_text"), '[^[:alpha:][:digit:]]+') AS word
  WHERE length(word) >= 3 AND word ~ '[[:alpha:]]';
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" ("word");
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);

-- The search word list becomes a table kept up to date by the writers of products (the words of the
-- products a change touched are added: src/server/catalog/search.ts, addSearchWords), instead of a
-- materialized view rebuilt whole after every write, which took 20 s at 120,000 products. Words no
-- product has any more may stay; they only ever widen a typo's alternatives.
DROP MATERIALIZED VIEW IF EXISTS "search_words";
--> statement-breakpoint
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT word
  FROM "products", regexp_split_to_table(lower("products"."name" || ' ' || "products"."search_text"), '[^[:alpha:][:digit:]]+') AS word
  WHERE length(word) >= 3 AND word ~ '[[:alpha:]]';
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);

ALTER TABLE "products" ADD COLUMN "family" text;--> statement-breakpoint
CREATE INDEX "products_family_index" ON "products" USING btree ("family");--> statement-breakpoint
-- Existing catalogs: a family's variants share an article stem («3M-Z250-A1», «3M-Z250-A2»), so products of
-- one brand and category whose articles differ only in the last segment form a family. New catalogs set it.
UPDATE "products" AS p SET "family" = stems."stem"
FROM (
  SELECT regexp_replace("sku", '-[^-]+$', '') AS "stem", "brand_id", "category_id"
  FROM "products"
  WHERE "sku" ~ '^[^-]+-.+-[^-]+$'
  GROUP BY 1, 2, 3
  HAVING count(*) > 1
) AS stems
WHERE p."family" IS NULL
  AND p."sku" ~ '^[^-]+-.+-[^-]+$'
  AND regexp_replace(p."sku", '-[^-]+$', '') = stems."stem"
  AND p."brand_id" IS NOT DISTINCT FROM stems."brand_id"
  AND p."category_id" = stems."category_id";

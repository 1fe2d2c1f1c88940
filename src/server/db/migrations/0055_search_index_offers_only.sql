ALTER TABLE "search_index_changes" ADD COLUMN "offers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A change to a product's offers alone (a price, a country it is sold in) is noted as such: each process's
-- search index sets those in place instead of reloading the product whole (server/catalog/search-index.ts).
CREATE OR REPLACE FUNCTION search_index_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4720612);
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO search_index_changes (product_id) SELECT id FROM new_rows;
    ELSE
      INSERT INTO search_index_changes (product_id) SELECT id FROM old_rows;
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      INSERT INTO search_index_changes (product_id, offers_only)
        SELECT DISTINCT product_id, TG_TABLE_NAME = 'product_offers' FROM new_rows;
    ELSE
      INSERT INTO search_index_changes (product_id, offers_only)
        SELECT DISTINCT product_id, TG_TABLE_NAME = 'product_offers' FROM old_rows;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_index_note_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4720612);
  IF TG_TABLE_NAME = 'products' THEN
    INSERT INTO search_index_changes (product_id) VALUES (NEW.id);
  ELSE
    INSERT INTO search_index_changes (product_id, offers_only) VALUES (NEW.product_id, TG_TABLE_NAME = 'product_offers');
    IF OLD.product_id <> NEW.product_id THEN
      INSERT INTO search_index_changes (product_id, offers_only) VALUES (OLD.product_id, TG_TABLE_NAME = 'product_offers');
    END IF;
  END IF;
  RETURN NULL;
END
$$;

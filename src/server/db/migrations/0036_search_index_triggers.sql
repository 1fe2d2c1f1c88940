-- Custom SQL migration file, put your code below! --
-- Every change to what a product search matches or filters on is noted in `search_index_changes`, whoever
-- makes it, so that each process's search index (server/catalog/search-index.ts) reloads those products.
-- The triggers hold the advisory lock 4720612 shared until the writing transaction ends: a process that
-- can take it exclusively knows no noted change is still uncommitted, so it may move past every number
-- it has read (sequence numbers are taken in one order and committed in another).
CREATE FUNCTION search_index_note() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO search_index_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
    ELSE
      INSERT INTO search_index_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates, row by row (transition tables cannot go with a column list): only a row whose searchable
-- columns changed calls it, so stock and price updates cost nothing.
CREATE FUNCTION search_index_note_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(4720612);
  IF TG_TABLE_NAME = 'products' THEN
    INSERT INTO search_index_changes (product_id) VALUES (NEW.id);
  ELSE
    INSERT INTO search_index_changes (product_id) VALUES (NEW.product_id);
    IF OLD.product_id <> NEW.product_id THEN
      INSERT INTO search_index_changes (product_id) VALUES (OLD.product_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER search_index_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER search_index_products_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((OLD.name, OLD.sku, OLD.search_text, OLD.is_active, OLD.category_id, OLD.brand_id)
    IS DISTINCT FROM (NEW.name, NEW.sku, NEW.search_text, NEW.is_active, NEW.category_id, NEW.brand_id))
  EXECUTE FUNCTION search_index_note_update();
--> statement-breakpoint
CREATE TRIGGER search_index_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER search_index_offers_insert AFTER INSERT ON product_offers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER search_index_offers_update AFTER UPDATE ON product_offers FOR EACH ROW
  WHEN ((OLD.product_id, OLD.country) IS DISTINCT FROM (NEW.product_id, NEW.country))
  EXECUTE FUNCTION search_index_note_update();
--> statement-breakpoint
CREATE TRIGGER search_index_offers_delete AFTER DELETE ON product_offers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();

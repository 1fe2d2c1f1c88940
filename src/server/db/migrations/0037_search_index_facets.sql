-- Custom SQL migration file, put your code below! --
-- The search index (server/catalog/search-index.ts) also counts a search's filters (price range, brands,
-- specifications) in memory, so it follows what they read: an offer's price, and a product's
-- specification values. Stock updates still call nothing.
DROP TRIGGER search_index_offers_update ON product_offers;
--> statement-breakpoint
CREATE TRIGGER search_index_offers_update AFTER UPDATE ON product_offers FOR EACH ROW
  WHEN ((OLD.product_id, OLD.country, OLD.price) IS DISTINCT FROM (NEW.product_id, NEW.country, NEW.price))
  EXECUTE FUNCTION search_index_note_update();
--> statement-breakpoint
CREATE TRIGGER search_index_specifications_insert AFTER INSERT ON product_specifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER search_index_specifications_update AFTER UPDATE ON product_specifications FOR EACH ROW
  WHEN ((OLD.product_id, OLD.specification_id, OLD.value, OLD.value_number)
    IS DISTINCT FROM (NEW.product_id, NEW.specification_id, NEW.value, NEW.value_number))
  EXECUTE FUNCTION search_index_note_update();
--> statement-breakpoint
CREATE TRIGGER search_index_specifications_delete AFTER DELETE ON product_specifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();

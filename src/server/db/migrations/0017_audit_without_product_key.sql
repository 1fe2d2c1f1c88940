ALTER TABLE "catalog_changes" DROP CONSTRAINT "catalog_changes_product_id_products_id_fk";

-- 1C's files are written once and read once: lz4 compresses an 8 MB part of an offers file about five
-- times faster than the default pglz (the upload's largest cost in the database). A server built without
-- lz4 (the embedded database) keeps pglz.
DO $$
BEGIN
  ALTER TABLE "exchange_files" ALTER COLUMN "data" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

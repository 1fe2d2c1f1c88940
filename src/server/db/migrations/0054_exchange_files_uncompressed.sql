-- Custom SQL migration file, put your code below! --
-- The parts of the files 1C sends (exchange_files.data, 1 MB each) are kept out of line and uncompressed:
-- compressing them (pglz) took about a quarter of the time of writing 50 MB of offers.xml, for files kept
-- three days.
ALTER TABLE "exchange_files" ALTER COLUMN "data" SET STORAGE EXTERNAL;

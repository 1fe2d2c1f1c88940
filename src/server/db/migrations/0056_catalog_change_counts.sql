CREATE TABLE "catalog_change_counts" (
	"task_id" uuid NOT NULL,
	"source" text NOT NULL,
	"country" text,
	"changes" integer NOT NULL,
	CONSTRAINT "catalog_change_counts_key" UNIQUE NULLS NOT DISTINCT("task_id","source","country")
);
--> statement-breakpoint
-- The imports made before: counted once, here.
INSERT INTO "catalog_change_counts" ("task_id", "source", "country", "changes")
  SELECT "task_id", "source", "country", count(*) FROM "catalog_changes"
  WHERE "task_id" IS NOT NULL AND "source" IN ('import', 'preview', 'undo')
  GROUP BY 1, 2, 3;

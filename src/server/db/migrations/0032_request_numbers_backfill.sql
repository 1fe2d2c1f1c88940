-- Custom SQL migration file, put your code below! --
-- Requests stored before each kind had its own numbers: numbered 1, 2, 3... within their kind in the
-- order they came, and each kind's counter set to its last number, so new requests go on from there.
UPDATE "visitor_requests" AS r SET "number" = n."number"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "kind" ORDER BY "created_at", "id")::integer AS "number"
  FROM "visitor_requests"
) AS n
WHERE r."id" = n."id";--> statement-breakpoint
INSERT INTO "request_counters" ("kind", "last")
SELECT "kind", max("number") FROM "visitor_requests" GROUP BY "kind"
ON CONFLICT ("kind") DO UPDATE SET "last" = GREATEST("request_counters"."last", excluded."last");

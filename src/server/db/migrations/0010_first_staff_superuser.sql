-- A shop that already has staff accounts gets one superuser: the earliest active staff account, so
-- someone can still change staff flags once only superusers may.
UPDATE "users" SET "is_superuser" = true
WHERE "id" = (SELECT min("id") FROM "users" WHERE "is_staff" AND "is_active" AND "deleted_at" IS NULL)
  AND NOT EXISTS (SELECT 1 FROM "users" WHERE "is_superuser");

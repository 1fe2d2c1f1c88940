-- Custom SQL migration file, put your code below! --
-- Alerts taken before addresses were confirmed keep waiting as they were promised: their mail carries no text a
-- visitor typed. Every alert from now on waits for its address's confirmation (stock-alerts.service.ts).
UPDATE "stock_alerts" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;

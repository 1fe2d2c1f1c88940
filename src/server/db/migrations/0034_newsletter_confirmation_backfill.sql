-- Custom SQL migration file, put your code below! --
-- Subscriptions made before double opt-in were taken at once and welcomed with the unsubscribe link: they
-- stay subscribers, confirmed when they subscribed. (Addresses that have since unsubscribed keep the date
-- too; subscribing anew asks them to confirm again.)
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;

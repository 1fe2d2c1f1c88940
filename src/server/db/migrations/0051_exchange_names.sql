ALTER TABLE "exchange_ids" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "exchange_ids" ADD COLUMN "currency" text;
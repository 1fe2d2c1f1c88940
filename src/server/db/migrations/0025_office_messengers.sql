ALTER TABLE "contacts" ADD COLUMN "whatsapp" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "telegram" text DEFAULT '' NOT NULL;
ALTER TABLE "users" ADD COLUMN "organisation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_number" text DEFAULT '' NOT NULL;
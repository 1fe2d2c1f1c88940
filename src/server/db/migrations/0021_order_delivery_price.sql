ALTER TABLE "orders" ADD COLUMN "goods_total" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_price" numeric(14, 2) DEFAULT '0';--> statement-breakpoint
UPDATE "orders" SET "goods_total" = "total", "delivery_price" = 0;

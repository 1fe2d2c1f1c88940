ALTER TABLE "visitor_requests" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "visitor_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "visitor_requests_status_idx" ON "visitor_requests" USING btree ("status","created_at");
CREATE TABLE "request_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_requests" ADD COLUMN "number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_requests_kind_number_idx" ON "visitor_requests" USING btree ("kind","number");
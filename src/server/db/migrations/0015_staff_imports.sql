CREATE TABLE "catalog_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"user_id" integer,
	"task_id" uuid,
	"product_id" integer,
	"sku" text NOT NULL,
	"country" text,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "task_file_chunks" (
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "task_file_chunks_task_id_seq_pk" PRIMARY KEY("task_id","seq")
);
--> statement-breakpoint
CREATE TABLE "task_row_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"column" text,
	"value" text,
	"code" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"country" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"progress" jsonb DEFAULT '{"current":0,"total":0,"stage":"queued"}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"errors_total" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "catalog_changes" ADD CONSTRAINT "catalog_changes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_file_chunks" ADD CONSTRAINT "task_file_chunks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_row_errors" ADD CONSTRAINT "task_row_errors_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_changes_task_id_index" ON "catalog_changes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "catalog_changes_product_id_at_index" ON "catalog_changes" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "task_row_errors_task_id_row_index" ON "task_row_errors" USING btree ("task_id","row");--> statement-breakpoint
CREATE INDEX "tasks_kind_created_at_index" ON "tasks" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_dedupe_key_running_idx" ON "tasks" USING btree ("dedupe_key") WHERE status in ('PENDING', 'STARTED', 'PROGRESS');
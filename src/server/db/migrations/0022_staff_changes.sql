CREATE TABLE "staff_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_changes_entity_entity_id_at_index" ON "staff_changes" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "staff_changes_at_index" ON "staff_changes" USING btree ("at");
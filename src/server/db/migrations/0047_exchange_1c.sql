CREATE TABLE "exchange_files" (
	"session_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "exchange_files_session_id_name_seq_pk" PRIMARY KEY("session_id","name","seq")
);
--> statement-breakpoint
CREATE TABLE "exchange_ids" (
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" integer,
	"value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_ids_kind_external_id_pk" PRIMARY KEY("kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"orders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orders_taken" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchanged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_files" ADD CONSTRAINT "exchange_files_session_id_exchange_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."exchange_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_sessions" ADD CONSTRAINT "exchange_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_ids_local_idx" ON "exchange_ids" USING btree ("kind","local_id") WHERE "exchange_ids"."local_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_sessions_token_idx" ON "exchange_sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "exchange_sessions_created_at_index" ON "exchange_sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_not_exchanged_idx" ON "orders" USING btree ("id") WHERE "orders"."exchanged_at" is null;
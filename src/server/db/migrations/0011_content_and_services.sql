CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"lead" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" text,
	"cover_alt" text DEFAULT '' NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category_id" integer NOT NULL,
	"city" text NOT NULL,
	"venue" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"day_starts" text DEFAULT '10:00' NOT NULL,
	"day_ends" text DEFAULT '18:00' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"lecturer" text NOT NULL,
	"lecturer_title" text DEFAULT '' NOT NULL,
	"seats_total" integer NOT NULL,
	"seats_left" integer NOT NULL,
	"lead" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "printing_price_offers" (
	"printing_price_id" integer NOT NULL,
	"country" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	CONSTRAINT "printing_price_offers_printing_price_id_country_pk" PRIMARY KEY("printing_price_id","country")
);
--> statement-breakpoint
CREATE TABLE "printing_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"material" text NOT NULL,
	"unit" text NOT NULL,
	"lead_time" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"employment_type" text NOT NULL,
	"salary_from" numeric(12, 2),
	"salary_to" numeric(12, 2),
	"salary_currency" text,
	"lead" text DEFAULT '' NOT NULL,
	"duties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_through" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_course_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."course_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printing_price_offers" ADD CONSTRAINT "printing_price_offers_printing_price_id_printing_prices_id_fk" FOREIGN KEY ("printing_price_id") REFERENCES "public"."printing_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printing_price_offers" ADD CONSTRAINT "printing_price_offers_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_kind_slug_idx" ON "publications" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "publications_kind_published_idx" ON "publications" USING btree ("kind","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "publications"."published_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_end_date_start_date_index" ON "courses" USING btree ("end_date","start_date");--> statement-breakpoint
CREATE INDEX "courses_city_end_date_index" ON "courses" USING btree ("city","end_date");--> statement-breakpoint
CREATE INDEX "courses_category_id_index" ON "courses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "vacancies_is_open_published_at_index" ON "vacancies" USING btree ("is_open","published_at");
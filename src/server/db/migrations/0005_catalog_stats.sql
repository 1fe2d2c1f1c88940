CREATE TABLE "category_brand_stats" (
	"country" text NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"products" integer NOT NULL,
	"min_price" numeric(14, 2) NOT NULL,
	"max_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "category_brand_stats_country_category_id_brand_id_pk" PRIMARY KEY("country","category_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "category_spec_stats" (
	"country" text NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"specification_id" integer NOT NULL,
	"value" text NOT NULL,
	"value_number" numeric(14, 4),
	"products" integer NOT NULL,
	CONSTRAINT "category_spec_stats_country_category_id_brand_id_specification_id_value_pk" PRIMARY KEY("country","category_id","brand_id","specification_id","value")
);
--> statement-breakpoint
ALTER TABLE "category_brand_stats" ADD CONSTRAINT "category_brand_stats_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_brand_stats" ADD CONSTRAINT "category_brand_stats_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_spec_stats" ADD CONSTRAINT "category_spec_stats_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_spec_stats" ADD CONSTRAINT "category_spec_stats_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_spec_stats" ADD CONSTRAINT "category_spec_stats_specification_id_specifications_id_fk" FOREIGN KEY ("specification_id") REFERENCES "public"."specifications"("id") ON DELETE cascade ON UPDATE no action;
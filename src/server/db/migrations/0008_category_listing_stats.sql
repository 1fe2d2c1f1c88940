CREATE TABLE "category_listing_stats" (
	"country" text NOT NULL,
	"category_id" integer NOT NULL,
	"products" integer NOT NULL,
	"facets" jsonb NOT NULL,
	CONSTRAINT "category_listing_stats_country_category_id_pk" PRIMARY KEY("country","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_listing_stats" ADD CONSTRAINT "category_listing_stats_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_listing_stats" ADD CONSTRAINT "category_listing_stats_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
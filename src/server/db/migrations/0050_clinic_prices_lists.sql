CREATE TABLE "clinic_list_items" (
	"list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clinic_list_items_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "clinic_list_items_quantity_check" CHECK ("clinic_list_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "clinic_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_prices" (
	"price_list_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_prices_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "price_list_prices_price_check" CHECK ("price_list_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_list_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL,
	"scope" text NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "price_list_rules_scope_check" CHECK (("price_list_rules"."scope" = 'all' and "price_list_rules"."brand_id" is null and "price_list_rules"."category_id" is null)
        or ("price_list_rules"."scope" = 'brand' and "price_list_rules"."brand_id" is not null and "price_list_rules"."category_id" is null)
        or ("price_list_rules"."scope" = 'category' and "price_list_rules"."category_id" is not null and "price_list_rules"."brand_id" is null)),
	CONSTRAINT "price_list_rules_percent_check" CHECK ("price_list_rules"."percent" > 0 and "price_list_rules"."percent" < 100)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "clinic_list_items" ADD CONSTRAINT "clinic_list_items_list_id_clinic_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."clinic_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_list_items" ADD CONSTRAINT "clinic_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lists" ADD CONSTRAINT "clinic_lists_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_lists" ADD CONSTRAINT "clinic_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_prices" ADD CONSTRAINT "price_list_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_country_countries_code_fk" FOREIGN KEY ("country") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_lists_name_idx" ON "clinic_lists" USING btree ("clinic_id","name");--> statement-breakpoint
CREATE INDEX "price_list_rules_list_idx" ON "price_list_rules" USING btree ("price_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_rules_target_idx" ON "price_list_rules" USING btree ("price_list_id","scope",coalesce("brand_id", 0),coalesce("category_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_name_idx" ON "price_lists" USING btree ("name");--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE set null ON UPDATE no action;
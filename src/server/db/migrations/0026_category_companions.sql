CREATE TABLE "category_companions" (
	"category_id" integer NOT NULL,
	"companion_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_companions_category_id_companion_id_pk" PRIMARY KEY("category_id","companion_id")
);
--> statement-breakpoint
ALTER TABLE "category_companions" ADD CONSTRAINT "category_companions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_companions" ADD CONSTRAINT "category_companions_companion_id_categories_id_fk" FOREIGN KEY ("companion_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "media_images" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text NOT NULL,
	"original" "bytea",
	"recipe" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_has_source" CHECK ("media_images"."original" IS NOT NULL OR "media_images"."recipe" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "media_sources" (
	"url" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_variants_key_width_format_pk" PRIMARY KEY("key","width","format")
);
--> statement-breakpoint
ALTER TABLE "media_sources" ADD CONSTRAINT "media_sources_key_media_images_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media_images"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_variants" ADD CONSTRAINT "media_variants_key_media_images_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media_images"("key") ON DELETE cascade ON UPDATE no action;
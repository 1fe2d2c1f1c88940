CREATE TABLE "request_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "request_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "request_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_file_chunks" ADD CONSTRAINT "request_file_chunks_file_id_request_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."request_files"("id") ON DELETE cascade ON UPDATE no action;
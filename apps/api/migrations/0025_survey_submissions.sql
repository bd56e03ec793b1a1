CREATE TABLE "survey_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_type" text NOT NULL,
	"customer_id" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"choices" jsonb NOT NULL,
	"rating" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_submissions" ADD CONSTRAINT "survey_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_submissions_once" ON "survey_submissions" USING btree ("survey_type","customer_id","reference");--> statement-breakpoint
CREATE INDEX "survey_submissions_type_idx" ON "survey_submissions" USING btree ("survey_type","created_at");
CREATE TABLE "info_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"phone" text,
	"email" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "info_companies_name_uq" ON "info_companies" USING btree ("company_id",lower("name"));
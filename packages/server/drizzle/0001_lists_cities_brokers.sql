CREATE TABLE "brokers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"mc_number" text,
	"pa_street_1" text,
	"pa_city" text,
	"pa_state" text,
	"pa_zip" text,
	"email_address" text,
	"local_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_codes" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"section" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_settings" ADD CONSTRAINT "list_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brokers_company_name_idx" ON "brokers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "brokers_company_id_idx" ON "brokers" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_state_city_uq" ON "cities" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "cities_city_idx" ON "cities" USING btree ("city");--> statement-breakpoint
CREATE UNIQUE INDEX "list_settings_user_section_idx" ON "list_settings" USING btree ("user_id","section");
CREATE TABLE "driver_qualification_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"performed_on" date NOT NULL,
	"expires_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "driver_qualification_items_driver_idx" ON "driver_qualification_items" USING btree ("driver_id","kind");--> statement-breakpoint
CREATE INDEX "driver_qualification_items_company_expires_idx" ON "driver_qualification_items" USING btree ("company_id","expires_on");
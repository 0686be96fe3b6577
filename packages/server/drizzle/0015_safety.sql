CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"format" text DEFAULT 'xlsx' NOT NULL,
	"file_id" integer,
	"pending" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text DEFAULT 'check_in' NOT NULL,
	"note" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"hours_tenths" integer DEFAULT 700 NOT NULL,
	"eld_count" integer DEFAULT 1 NOT NULL,
	"employee_id" integer,
	"on_safety" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exception_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"exception_id" integer NOT NULL,
	"user_id" integer,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer,
	"name" text NOT NULL,
	"actions" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "safety_exception_comments" ADD CONSTRAINT "safety_exception_comments_exception_id_safety_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."safety_exceptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_company_kind_idx" ON "reports" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "safety_actions_company_date_idx" ON "safety_actions" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "safety_actions_driver_date_idx" ON "safety_actions" USING btree ("driver_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_drivers_driver_idx" ON "safety_drivers" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "safety_exception_comments_exception_idx" ON "safety_exception_comments" USING btree ("exception_id");--> statement-breakpoint
CREATE INDEX "safety_exceptions_company_status_idx" ON "safety_exceptions" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "safety_exceptions_driver_idx" ON "safety_exceptions" USING btree ("driver_id");
CREATE TABLE "cash_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"given_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"load_id" integer,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"target_cents" bigint NOT NULL,
	"deposit_cents" bigint NOT NULL,
	"interest_rate_milli" integer DEFAULT 0 NOT NULL,
	"opened_on" date NOT NULL,
	"closed_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eld_jurisdiction_miles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"day" date NOT NULL,
	"jurisdiction" text NOT NULL,
	"miles_tenths" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "odometer_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"truck_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"odometer" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"status" text DEFAULT 'accepted' NOT NULL,
	"flag_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_odometers" (
	"truck_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"odometer" integer,
	"reading_id" integer,
	"read_at" timestamp with time zone,
	"source" text,
	"routed_miles" integer DEFAULT 0 NOT NULL,
	"miles_per_day" double precision DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routed_legs" (
	"provider" text NOT NULL,
	"from_key" text NOT NULL,
	"to_key" text NOT NULL,
	"miles" double precision NOT NULL,
	"state_miles" jsonb NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routed_legs_provider_from_key_to_key_pk" PRIMARY KEY("provider","from_key","to_key")
);
--> statement-breakpoint
CREATE TABLE "pay_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payee_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_key" text,
	"section" text NOT NULL,
	"line_date" date NOT NULL,
	"earned_from" date,
	"earned_to" date,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"count_action" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"category" text,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"miles" integer DEFAULT 0 NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"data" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_statement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"statement_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"variant" text,
	"payee_id" integer NOT NULL,
	"customer_id" integer,
	"department_id" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_date" date,
	"settlement" text,
	"settlement_note" text,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"miles" integer DEFAULT 0 NOT NULL,
	"subject_count" integer DEFAULT 0 NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "schedule_loads_load_idx";--> statement-breakpoint
ALTER TABLE "driver_contracts" ALTER COLUMN "rate" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD COLUMN "rate_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fuel_rows" ADD COLUMN "product" text DEFAULT 'diesel' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_contracts" ADD COLUMN "rate_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_contracts" ADD COLUMN "fuel_paid_by" text;--> statement-breakpoint
ALTER TABLE "driver_contracts" ADD COLUMN "pay_basis" text DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_contracts" ADD COLUMN "fsc_pass_through" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "rate_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "terminated_on" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "terminated_on" date;--> statement-breakpoint
ALTER TABLE "factoring_companies" ADD COLUMN "percent_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ifta_rates" ADD COLUMN "surcharge_e4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "lumper_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "fuel_surcharge_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loads" ADD COLUMN "team_driver_id" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "team_driver_id" integer;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "team_share_bp" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "check_in_odometer" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "tax_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "labour_taxed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sublet_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sublet_markup_milli" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "doc_type" text;--> statement-breakpoint
ALTER TABLE "pay_statement_lines" ADD CONSTRAINT "pay_statement_lines_statement_id_pay_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."pay_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_statement_payments" ADD CONSTRAINT "pay_statement_payments_statement_id_pay_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."pay_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_advances_driver_idx" ON "cash_advances" USING btree ("company_id","driver_id","given_on");--> statement-breakpoint
CREATE INDEX "driver_hours_driver_idx" ON "driver_hours" USING btree ("company_id","driver_id","work_date");--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_accounts_driver_uq" ON "escrow_accounts" USING btree ("company_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eld_jurisdiction_miles_uq" ON "eld_jurisdiction_miles" USING btree ("company_id","truck_id","day","jurisdiction");--> statement-breakpoint
CREATE INDEX "eld_jurisdiction_miles_day_idx" ON "eld_jurisdiction_miles" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "odometer_readings_truck_idx" ON "odometer_readings" USING btree ("truck_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "odometer_readings_source_uq" ON "odometer_readings" USING btree ("source","source_id") WHERE "odometer_readings"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "truck_odometers_company_idx" ON "truck_odometers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_statement_lines_source_uq" ON "pay_statement_lines" USING btree ("company_id","kind","source","source_key") WHERE "pay_statement_lines"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "pay_statement_lines_statement_idx" ON "pay_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "pay_statement_payments_statement_idx" ON "pay_statement_payments" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "pay_statements_kind_period_idx" ON "pay_statements" USING btree ("company_id","kind","period_from");--> statement-breakpoint
CREATE INDEX "pay_statements_payee_idx" ON "pay_statements" USING btree ("company_id","kind","payee_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_loads_load_uq" ON "schedule_loads" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "loads_team_driver_idx" ON "loads" USING btree ("team_driver_id","delivery_at") WHERE "loads"."team_driver_id" is not null;
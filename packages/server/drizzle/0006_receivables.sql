CREATE TABLE "accounting_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT 'Name' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"billing_method" text DEFAULT 'percent_of_gross' NOT NULL,
	"default_rate" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_service_rates" (
	"customer_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"rate" integer NOT NULL,
	CONSTRAINT "customer_service_rates_customer_id_service_id_pk" PRIMARY KEY("customer_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"load_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_generation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"service_id" integer,
	"job_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"invoices_count" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"service_id" integer,
	"load_id" integer,
	"driver_id" integer,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"rate" integer DEFAULT 0 NOT NULL,
	"base_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"send_to" text NOT NULL,
	"send_by" integer,
	"mail_message_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"service_id" integer,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"generated" boolean DEFAULT false NOT NULL,
	"generated_at" timestamp with time zone,
	"generation_run_id" integer,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"mistake_cents" bigint DEFAULT 0 NOT NULL,
	"loss_cents" bigint DEFAULT 0 NOT NULL,
	"payment_account" text,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lost_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"lost_on" date NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"employee_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"account" text,
	"employee_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factoring_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"factoring_company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"action_text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_loads" (
	"schedule_id" integer NOT NULL,
	"load_id" integer NOT NULL,
	"amount_factoring_cents" bigint,
	"status" text DEFAULT 'not_processed' NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "schedule_loads_schedule_id_load_id_pk" PRIMARY KEY("schedule_id","load_id")
);
--> statement-breakpoint
CREATE TABLE "short_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"load_id" integer NOT NULL,
	"schedule_id" integer,
	"factoring_company_id" integer,
	"gross_cents" bigint NOT NULL,
	"amount_factoring_cents" bigint NOT NULL,
	"debt_cents" bigint NOT NULL,
	"processed_date" date,
	"status" text DEFAULT 'New' NOT NULL,
	"actions" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_service_rates" ADD CONSTRAINT "customer_service_rates_service_id_accounting_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."accounting_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_actions" ADD CONSTRAINT "schedule_actions_schedule_id_factoring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."factoring_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_loads" ADD CONSTRAINT "schedule_loads_schedule_id_factoring_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."factoring_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_service_rates_service_idx" ON "customer_service_rates" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billings_load_uq" ON "billings" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_load_service_uq" ON "invoice_lines" USING btree ("load_id","service_id") WHERE "invoice_lines"."load_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_sends_invoice_idx" ON "invoice_sends" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_period_idx" ON "invoices" USING btree ("company_id","period_to" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","period_to" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lost_payments_invoice_idx" ON "lost_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_company_date_idx" ON "payments" USING btree ("company_id","paid_on");--> statement-breakpoint
CREATE INDEX "factoring_schedules_company_idx" ON "factoring_schedules" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_loads_load_idx" ON "schedule_loads" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "short_payments_company_idx" ON "short_payments" USING btree ("company_id","processed_date");
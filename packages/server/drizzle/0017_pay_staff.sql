CREATE TABLE "bonus_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"employee_id" integer NOT NULL,
	"department_id" integer,
	"salary_month" date NOT NULL,
	"additional" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"action_delete" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatcher_statement_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"load_id" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"miles" integer NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatcher_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"dispatcher_id" integer NOT NULL,
	"month" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"miles" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_pay_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text DEFAULT 'manager' NOT NULL,
	"employee_id" integer NOT NULL,
	"department_id" integer,
	"month" date NOT NULL,
	"salary_cents" bigint NOT NULL,
	"base_rate_bp" integer,
	"bonus_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_statement_drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"month" date NOT NULL,
	"load_count" integer NOT NULL,
	"gross_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"rate_bp" integer NOT NULL,
	"driver_count" integer DEFAULT 0 NOT NULL,
	"load_count" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salary_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatcher_statement_loads" ADD CONSTRAINT "dispatcher_statement_loads_statement_id_dispatcher_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."dispatcher_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_statement_drivers" ADD CONSTRAINT "safety_statement_drivers_statement_id_safety_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."safety_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_charges_company_month_idx" ON "bonus_charges" USING btree ("company_id","salary_month");--> statement-breakpoint
CREATE INDEX "bonus_charges_employee_month_idx" ON "bonus_charges" USING btree ("employee_id","salary_month");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatcher_statement_loads_load_uq" ON "dispatcher_statement_loads" USING btree ("load_id");--> statement-breakpoint
CREATE INDEX "dispatcher_statement_loads_statement_idx" ON "dispatcher_statement_loads" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dispatcher_statements_month_uq" ON "dispatcher_statements" USING btree ("company_id","dispatcher_id","month");--> statement-breakpoint
CREATE INDEX "dispatcher_statements_company_month_idx" ON "dispatcher_statements" USING btree ("company_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_pay_rates_month_uq" ON "staff_pay_rates" USING btree ("company_id","kind","month");--> statement-breakpoint
CREATE UNIQUE INDEX "manager_statements_month_uq" ON "manager_statements" USING btree ("company_id","employee_id","month");--> statement-breakpoint
CREATE INDEX "manager_statements_company_month_idx" ON "manager_statements" USING btree ("company_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_statement_drivers_month_uq" ON "safety_statement_drivers" USING btree ("company_id","driver_id","month");--> statement-breakpoint
CREATE INDEX "safety_statement_drivers_statement_idx" ON "safety_statement_drivers" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_statements_month_uq" ON "safety_statements" USING btree ("company_id","user_id","month");--> statement-breakpoint
CREATE INDEX "safety_statements_company_month_idx" ON "safety_statements" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "salary_payments_user_date_idx" ON "salary_payments" USING btree ("user_id","date");
CREATE TABLE "driver_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"load_id" integer,
	"fuel_id" integer,
	"scheduled_payment_id" integer,
	"due_on" date,
	"category" text,
	"line_date" date NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"count_action" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_statement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"customer_id" integer,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"contract_type" text NOT NULL,
	"rate" integer NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"paid_date" date,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"fuel_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"fuel_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"driver_id" integer,
	"truck_id" integer,
	"card" text NOT NULL,
	"fuel_date" date NOT NULL,
	"invoice" text,
	"truck_number" text,
	"odometer" integer,
	"location" text,
	"city" text,
	"state" text,
	"fees_cents" bigint DEFAULT 0 NOT NULL,
	"item" text DEFAULT 'ULSD' NOT NULL,
	"unit" text DEFAULT 'GAL' NOT NULL,
	"ppu_mills" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"gallons_milli" integer DEFAULT 0 NOT NULL,
	"amt_cents" bigint DEFAULT 0 NOT NULL,
	"disc_type" text,
	"amount_cents" bigint NOT NULL,
	"db" text,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_payment_skips" (
	"payment_id" integer NOT NULL,
	"due_on" date NOT NULL,
	CONSTRAINT "scheduled_payment_skips_payment_id_due_on_pk" PRIMARY KEY("payment_id","due_on")
);
--> statement-breakpoint
CREATE TABLE "scheduled_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"customer_id" integer,
	"payment_type" text NOT NULL,
	"frequency" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"count" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "driver_statement_lines" ADD CONSTRAINT "driver_statement_lines_statement_id_driver_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."driver_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_statement_lines" ADD CONSTRAINT "driver_statement_lines_fuel_id_fuel_rows_id_fk" FOREIGN KEY ("fuel_id") REFERENCES "public"."fuel_rows"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_statement_lines" ADD CONSTRAINT "driver_statement_lines_scheduled_payment_id_scheduled_payments_id_fk" FOREIGN KEY ("scheduled_payment_id") REFERENCES "public"."scheduled_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_statement_payments" ADD CONSTRAINT "driver_statement_payments_statement_id_driver_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."driver_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_descriptions" ADD CONSTRAINT "fuel_descriptions_fuel_id_fuel_rows_id_fk" FOREIGN KEY ("fuel_id") REFERENCES "public"."fuel_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_invoices" ADD CONSTRAINT "fuel_invoices_fuel_id_fuel_rows_id_fk" FOREIGN KEY ("fuel_id") REFERENCES "public"."fuel_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_payment_skips" ADD CONSTRAINT "scheduled_payment_skips_payment_id_scheduled_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."scheduled_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_statement_lines_statement_idx" ON "driver_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_statement_lines_load_uq" ON "driver_statement_lines" USING btree ("load_id") WHERE "driver_statement_lines"."load_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_statement_lines_fuel_uq" ON "driver_statement_lines" USING btree ("fuel_id") WHERE "driver_statement_lines"."fuel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_statement_lines_instalment_uq" ON "driver_statement_lines" USING btree ("scheduled_payment_id","due_on") WHERE "driver_statement_lines"."scheduled_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_statement_payments_statement_idx" ON "driver_statement_payments" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "driver_statements_company_idx" ON "driver_statements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_statements_driver_idx" ON "driver_statements" USING btree ("driver_id","date_from");--> statement-breakpoint
CREATE INDEX "fuel_rows_company_date_idx" ON "fuel_rows" USING btree ("company_id","fuel_date");--> statement-breakpoint
CREATE INDEX "fuel_rows_driver_date_idx" ON "fuel_rows" USING btree ("driver_id","fuel_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fuel_rows_invoice_uq" ON "fuel_rows" USING btree ("company_id","invoice");--> statement-breakpoint
CREATE INDEX "scheduled_payments_driver_idx" ON "scheduled_payments" USING btree ("company_id","driver_id");
CREATE TABLE "sales_lead_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_lead_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"issued_on" date,
	"file_id" integer
);
--> statement-breakpoint
CREATE TABLE "sales_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mc" text,
	"truck_quantity" integer,
	"carrier" text NOT NULL,
	"contact" text,
	"phone" text,
	"email" text,
	"comment" text,
	"status" text DEFAULT 'New' NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"contract_type" text NOT NULL,
	"rate" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"terms" text,
	"file_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"phone2" text,
	"email" text,
	"driver_type" text DEFAULT 'company' NOT NULL,
	"safety" boolean DEFAULT false NOT NULL,
	"service" text,
	"eld_name" text,
	"customer_id" integer,
	"truck_id" integer,
	"trailer_id" integer,
	"trailer_type_id" integer,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"payment_type" text DEFAULT 'per_mile' NOT NULL,
	"cdl_number" text,
	"cdl_expires_on" date,
	"medical_card_expires_on" date,
	"hired_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_inventory" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"item" text NOT NULL,
	"serial" text,
	"issued_on" date,
	"returned_on" date,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"employer" text,
	"department_id" integer,
	"office" text,
	"position" text,
	"email" text,
	"phone" text,
	"phone2" text,
	"active" boolean DEFAULT true NOT NULL,
	"hired_on" date,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factoring_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"fax" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"payment_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factoring_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"factoring_company_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trailer_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"reefer" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"trailer_number" text NOT NULL,
	"trailer_type_id" integer,
	"size" text,
	"make" text,
	"year" integer,
	"vin" text,
	"plate" text,
	"customer_id" integer,
	"alignment_date" date,
	"annual_inspection_date" date,
	"pm_miles" integer,
	"registration_expires_on" date,
	"company_owner" text,
	"gps" text,
	"status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"origin_value_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trucks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"truck_number" text NOT NULL,
	"make" text,
	"model" text,
	"year" integer,
	"vin" text,
	"plate" text,
	"customer_id" integer,
	"driver_id" integer,
	"trailer_id" integer,
	"eld" text,
	"alignment_date" date,
	"annual_inspection_date" date,
	"pm_miles" integer,
	"odometer" integer,
	"registration_expires_on" date,
	"company_owner" text,
	"status" text DEFAULT 'active' NOT NULL,
	"truck_status" text,
	"origin_value_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" integer NOT NULL,
	"customer_id" integer,
	"driver_id" integer,
	"trailer_id" integer,
	"from_date" date NOT NULL,
	"to_date" date,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" integer NOT NULL,
	"equipment_name_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"serial" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" integer NOT NULL,
	"year" integer NOT NULL,
	"value_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mc_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dot_number" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sale_manager_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "frozen" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "services" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "balance_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "find_us" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "factoring_company_id" integer;--> statement-breakpoint
ALTER TABLE "sales_lead_descriptions" ADD CONSTRAINT "sales_lead_descriptions_lead_id_sales_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."sales_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_lead_invoices" ADD CONSTRAINT "sales_lead_invoices_lead_id_sales_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."sales_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_exceptions" ADD CONSTRAINT "customer_exceptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_contracts" ADD CONSTRAINT "driver_contracts_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_inventory" ADD CONSTRAINT "employee_inventory_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factoring_notes" ADD CONSTRAINT "factoring_notes_factoring_company_id_factoring_companies_id_fk" FOREIGN KEY ("factoring_company_id") REFERENCES "public"."factoring_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_leads_kind_idx" ON "sales_leads" USING btree ("company_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "customer_exceptions_customer_idx" ON "customer_exceptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "driver_contracts_driver_idx" ON "driver_contracts" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "drivers_company_name_idx" ON "drivers" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "drivers_customer_idx" ON "drivers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "drivers_truck_idx" ON "drivers" USING btree ("truck_id");--> statement-breakpoint
CREATE INDEX "employee_inventory_employee_idx" ON "employee_inventory" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employees_company_name_idx" ON "employees" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "factoring_notes_company_idx" ON "factoring_notes" USING btree ("factoring_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_names_name_uq" ON "equipment_names" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "trailer_types_name_uq" ON "trailer_types" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_number_uq" ON "trailers" USING btree ("company_id","trailer_number");--> statement-breakpoint
CREATE INDEX "trailers_customer_idx" ON "trailers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trucks_number_uq" ON "trucks" USING btree ("company_id","truck_number");--> statement-breakpoint
CREATE INDEX "trucks_customer_idx" ON "trucks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "unit_assignments_unit_idx" ON "unit_assignments" USING btree ("unit_type","unit_id","from_date");--> statement-breakpoint
CREATE INDEX "unit_equipment_unit_idx" ON "unit_equipment" USING btree ("unit_type","unit_id");--> statement-breakpoint
CREATE INDEX "unit_notes_unit_idx" ON "unit_notes" USING btree ("unit_type","unit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_values_year_uq" ON "unit_values" USING btree ("unit_type","unit_id","year");--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name");
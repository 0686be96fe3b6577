CREATE TABLE "company_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"driver_id" integer,
	"truck_id" integer,
	"expense_date" date NOT NULL,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"pay_as" text,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ifta_rates" (
	"company_id" integer NOT NULL,
	"quarter" text NOT NULL,
	"state" text NOT NULL,
	"rate_e4" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ifta_rates_company_id_quarter_state_pk" PRIMARY KEY("company_id","quarter","state")
);
--> statement-breakpoint
ALTER TABLE "driver_statement_lines" ADD COLUMN "expense_id" integer;--> statement-breakpoint
CREATE INDEX "company_expenses_company_date_idx" ON "company_expenses" USING btree ("company_id","expense_date");--> statement-breakpoint
CREATE INDEX "company_expenses_driver_idx" ON "company_expenses" USING btree ("driver_id","status");--> statement-breakpoint
ALTER TABLE "driver_statement_lines" ADD CONSTRAINT "driver_statement_lines_expense_id_company_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."company_expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_statement_lines_expense_uq" ON "driver_statement_lines" USING btree ("expense_id") WHERE "driver_statement_lines"."expense_id" is not null;
-- Custom migration (drizzle-kit generate --custom): rates to the thousandth, and the driver
-- statements onto the pay-statement engine's tables, ids kept.
UPDATE "drivers" SET "rate_milli" = "amount_cents" * 10;
--> statement-breakpoint
UPDATE "driver_contracts" SET "rate_milli" = "rate" * 10;
--> statement-breakpoint
INSERT INTO "pay_statements" ("id", "company_id", "kind", "payee_id", "customer_id", "period_from", "period_to",
  "status", "amount_cents", "paid_cents", "paid_date", "terms", "sent_at", "created_by", "created_at", "updated_at")
SELECT s."id", s."company_id", 'driver', s."driver_id", s."customer_id", s."date_from", s."date_to",
  s."status", s."amount_cents", s."paid_cents", s."paid_date",
  jsonb_build_object('type', s."contract_type", 'rateMilli', s."rate" * 10,
    'bearsFuel', d."driver_type" <> 'company', 'payBasis', 'delivery', 'fscPassThrough', false,
    'driverType', d."driver_type"),
  s."sent_at", s."created_by", s."created_at", s."updated_at"
FROM "driver_statements" s JOIN "drivers" d ON d."id" = s."driver_id";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "source_key", "section",
  "line_date", "type", "description", "count_action", "schedule", "category", "gross_cents", "miles", "load_count",
  "amount_cents", "data")
SELECT s."company_id", s."id", 'driver', s."driver_id",
  CASE l."kind" WHEN 'trip' THEN 'load' WHEN 'fuel' THEN 'fuel' WHEN 'scheduled' THEN 'instalment'
    ELSE CASE WHEN l."expense_id" IS NOT NULL THEN 'expense' ELSE 'addition' END END,
  CASE l."kind" WHEN 'trip' THEN l."load_id"::text || ':' || s."driver_id"::text
    WHEN 'fuel' THEN l."fuel_id"::text
    WHEN 'scheduled' THEN l."scheduled_payment_id"::text || ':' || l."due_on"::text
    ELSE l."expense_id"::text END,
  CASE l."kind" WHEN 'trip' THEN 'trips' WHEN 'fuel' THEN 'fuel' WHEN 'scheduled' THEN 'schedulePayments'
    ELSE 'additionalPayments' END,
  l."line_date", l."type", l."description", l."count_action", l."schedule",
  COALESCE(l."category", CASE WHEN l."kind" = 'scheduled' THEN (SELECT sp."payment_type" FROM "scheduled_payments" sp
    WHERE sp."id" = l."scheduled_payment_id") END),
  COALESCE((SELECT ld."gross_cents" FROM "loads" ld WHERE ld."id" = l."load_id"), 0),
  COALESCE((SELECT ld."mileage_loaded" + ld."mileage_empty" FROM "loads" ld WHERE ld."id" = l."load_id"), 0),
  CASE WHEN l."kind" = 'trip' THEN 1 ELSE 0 END,
  l."amount_cents",
  CASE WHEN l."kind" = 'trip' THEN jsonb_build_object('load_id', l."load_id", 'trip_id',
      (SELECT ld."trip_id" FROM "loads" ld WHERE ld."id" = l."load_id"), 'share_bp', 10000)
    WHEN l."kind" = 'scheduled' THEN jsonb_build_object('scheduled_payment_id', l."scheduled_payment_id")
    ELSE NULL END
FROM "driver_statement_lines" l JOIN "driver_statements" s ON s."id" = l."statement_id";
--> statement-breakpoint
INSERT INTO "pay_statement_payments" ("company_id", "statement_id", "amount_cents", "paid_on", "note", "created_by", "created_at")
SELECT s."company_id", p."statement_id", p."amount_cents", p."paid_on", p."note", p."created_by", p."created_at"
FROM "driver_statement_payments" p JOIN "driver_statements" s ON s."id" = p."statement_id";
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('pay_statements', 'id'), GREATEST((SELECT max("id") FROM "pay_statements"), 1));
--> statement-breakpoint
-- Dispatcher statements onto the pay-statement engine (kind 'dispatcher'): new ids after the driver
-- statements', the rate in the terms, each load a line keyed by its id (as the dispatcher kind's
-- source keys it). The old tables and loads.dispatcher_statement_id stay until a later migration.
CREATE TEMPORARY TABLE "dispatcher_statement_ids" AS
SELECT "id" AS "old_id", nextval(pg_get_serial_sequence('pay_statements', 'id')) AS "new_id"
FROM "dispatcher_statements" ORDER BY "id";
--> statement-breakpoint
INSERT INTO "pay_statements" ("id", "company_id", "kind", "payee_id", "period_from", "period_to", "status",
  "amount_cents", "paid_cents", "terms", "gross_cents", "load_count", "miles", "subject_count", "created_by",
  "created_at", "updated_at")
SELECT m."new_id", s."company_id", 'dispatcher', s."dispatcher_id", s."month",
  (s."month" + interval '1 month' - interval '1 day')::date, 'Open', s."amount_cents", 0,
  jsonb_build_object('rate_bp', s."rate_bp"), s."gross_cents", s."load_count", s."miles", 0, s."created_by",
  s."created_at", s."created_at"
FROM "dispatcher_statements" s JOIN "dispatcher_statement_ids" m ON m."old_id" = s."id";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "source_key", "section",
  "line_date", "type", "description", "gross_cents", "miles", "load_count", "amount_cents", "data", "created_by",
  "created_at")
SELECT s."company_id", m."new_id", 'dispatcher', s."dispatcher_id", 'load', dl."load_id"::text, 'trips',
  COALESCE((ld."delivery_at" AT TIME ZONE 'America/Chicago')::date, s."month"), 'Load',
  'Load #' || dl."load_id" || ': ' || r."route", dl."gross_cents", dl."miles", 1, dl."amount_cents",
  jsonb_build_object('load_id', dl."load_id", 'route', r."route", 'rate_bp', s."rate_bp"), s."created_by",
  s."created_at"
FROM "dispatcher_statement_loads" dl
JOIN "dispatcher_statements" s ON s."id" = dl."statement_id"
JOIN "dispatcher_statement_ids" m ON m."old_id" = s."id"
LEFT JOIN "loads" ld ON ld."id" = dl."load_id"
CROSS JOIN LATERAL (SELECT concat_ws(', ', ld."pickup_city", ld."pickup_state") || ' → '
  || concat_ws(', ', ld."delivery_city", ld."delivery_state") AS "route") r;
--> statement-breakpoint
DROP TABLE "dispatcher_statement_ids";
--> statement-breakpoint
-- Safety statements onto the pay-statement engine (kind 'safety'): new ids after the others', the
-- rate in the terms, each driver-month a line keyed '<driver id>:<YYYY-MM>' (as the safety kind's
-- source keys it) with the driver as its subject. The old tables stay until a later migration.
CREATE TEMPORARY TABLE "safety_statement_ids" AS
SELECT "id" AS "old_id", nextval(pg_get_serial_sequence('pay_statements', 'id')) AS "new_id"
FROM "safety_statements" ORDER BY "id";
--> statement-breakpoint
INSERT INTO "pay_statements" ("id", "company_id", "kind", "payee_id", "period_from", "period_to", "status",
  "amount_cents", "paid_cents", "terms", "gross_cents", "load_count", "miles", "subject_count", "created_by",
  "created_at", "updated_at")
SELECT m."new_id", s."company_id", 'safety', s."user_id", s."month",
  (s."month" + interval '1 month' - interval '1 day')::date, 'Open', s."amount_cents", 0,
  jsonb_build_object('rate_bp', s."rate_bp"), s."gross_cents", s."load_count", 0, s."driver_count", s."created_by",
  s."created_at", s."created_at"
FROM "safety_statements" s JOIN "safety_statement_ids" m ON m."old_id" = s."id";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "source_key", "section",
  "line_date", "type", "description", "gross_cents", "miles", "load_count", "amount_cents", "data", "created_by",
  "created_at")
SELECT d."company_id", m."new_id", 'safety', s."user_id", 'driver', d."driver_id"::text || ':' || to_char(d."month", 'YYYY-MM'),
  'trips', d."month", 'Driver', COALESCE(dr."name", 'Driver #' || d."driver_id"), d."gross_cents", 0, d."load_count",
  d."amount_cents", jsonb_build_object('subject', d."driver_id", 'rate_bp', s."rate_bp"), s."created_by", s."created_at"
FROM "safety_statement_drivers" d
JOIN "safety_statements" s ON s."id" = d."statement_id"
JOIN "safety_statement_ids" m ON m."old_id" = s."id"
LEFT JOIN "drivers" dr ON dr."id" = d."driver_id";
--> statement-breakpoint
DROP TABLE "safety_statement_ids";
--> statement-breakpoint
-- Staff statements onto the pay-statement engine: each manager_statements row (kind 'manager' or
-- 'employee') becomes a pay_statements row of kind 'staff' with that kind as its variant (new ids,
-- mapped below), a salary line, and an entry line for each bonus-or-charge entry of its person and
-- month it locked; a difference between the entries now and the bonus it saved is an adjustment
-- line, so every statement keeps its total. manager_statements and bonus_charges.action_delete stay
-- (unused) until a later migration drops them.
CREATE TEMPORARY TABLE "staff_statement_ids" AS
SELECT "id" AS "old_id", nextval(pg_get_serial_sequence('pay_statements', 'id')) AS "new_id" FROM "manager_statements";
--> statement-breakpoint
INSERT INTO "pay_statements" ("id", "company_id", "kind", "variant", "payee_id", "department_id", "period_from",
  "period_to", "status", "amount_cents", "terms", "created_by", "created_at", "updated_at")
SELECT m."new_id", s."company_id", 'staff', s."kind", s."employee_id", s."department_id", s."month",
  (s."month" + interval '1 month' - interval '1 day')::date, 'Open', s."total_cents",
  jsonb_build_object('baseRateBp', s."base_rate_bp", 'description', s."description"),
  s."created_by", s."created_at", s."updated_at"
FROM "manager_statements" s JOIN "staff_statement_ids" m ON m."old_id" = s."id";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "source_key", "section",
  "line_date", "type", "description", "amount_cents", "data", "created_by", "created_at")
SELECT s."company_id", m."new_id", 'staff', s."employee_id", 'salary',
  s."employee_id"::text || ':' || to_char(s."month", 'YYYY-MM'), 'schedulePayments',
  (s."month" + interval '1 month' - interval '1 day')::date, 'Salary', 'Salary ' || to_char(s."month", 'YYYY-MM'),
  s."salary_cents", jsonb_build_object('computed_cents', s."salary_cents"), s."created_by", s."created_at"
FROM "manager_statements" s JOIN "staff_statement_ids" m ON m."old_id" = s."id";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "source_key", "section",
  "line_date", "type", "description", "category", "amount_cents", "data", "created_by", "created_at")
SELECT s."company_id", m."new_id", 'staff', s."employee_id", 'entry', b."id"::text, 'additionalPayments',
  b."salary_month", b."type", COALESCE(NULLIF(b."description", ''), b."type"),
  CASE WHEN b."type" IN ('Charge', 'Deduction') THEN 'deduction' ELSE 'credit' END,
  CASE WHEN b."type" IN ('Charge', 'Deduction') THEN -b."total_cents" ELSE b."total_cents" END,
  jsonb_build_object('salary_month', to_char(b."salary_month", 'YYYY-MM')), s."created_by", s."created_at"
FROM "manager_statements" s JOIN "staff_statement_ids" m ON m."old_id" = s."id"
JOIN "bonus_charges" b ON b."company_id" = s."company_id" AND b."employee_id" = s."employee_id"
  AND b."salary_month" = s."month" AND NOT b."additional" AND b."action_delete";
--> statement-breakpoint
INSERT INTO "pay_statement_lines" ("company_id", "statement_id", "kind", "payee_id", "source", "section", "line_date",
  "type", "description", "category", "amount_cents", "created_by", "created_at")
SELECT s."company_id", m."new_id", 'staff', s."employee_id", 'addition', 'additionalPayments',
  (s."month" + interval '1 month' - interval '1 day')::date, 'Adjustment',
  'Bonus as saved on the statement, less its entries as they are now',
  CASE WHEN s."total_cents" - l."lines" < 0 THEN 'deduction' ELSE 'credit' END,
  s."total_cents" - l."lines", s."created_by", s."created_at"
FROM "manager_statements" s JOIN "staff_statement_ids" m ON m."old_id" = s."id"
JOIN (SELECT "statement_id", sum("amount_cents") AS "lines" FROM "pay_statement_lines" WHERE "kind" = 'staff'
  GROUP BY "statement_id") l ON l."statement_id" = m."new_id"
WHERE s."total_cents" <> l."lines";
--> statement-breakpoint
DROP TABLE "staff_statement_ids";
--> statement-breakpoint
-- Work-order sales tax to the thousandth of a percent (8.875 %): basis points × 10.
UPDATE "work_orders" SET "tax_milli" = "tax_basis_points" * 10;
--> statement-breakpoint
-- Fuel rows' product (issue 30) from their item code, as the fuel import reads it (productOfItem in
-- fuel.contract.ts): DEF, reefer, diesel, gasoline, else other; an empty item stays diesel.
UPDATE "fuel_rows" SET "product" = CASE
    WHEN upper(trim("item")) = '' THEN 'diesel'
    WHEN upper("item") ~ '(DEF|EXHAUST)' THEN 'DEF'
    WHEN upper("item") ~ '(RFR|REEFER)' THEN 'reefer'
    WHEN upper("item") ~ '(ULSD|DSL|DIESEL|#2)' OR upper(trim("item")) = '2' THEN 'diesel'
    WHEN upper("item") ~ '(UNL|GAS)' THEN 'gasoline'
    ELSE 'other'
  END
  WHERE upper(trim("item")) !~ '^(ULSD|DSL|#2|2|DIESEL)?$';
--> statement-breakpoint
-- Percentages to the thousandth (issue 28: 3.125 %, 8.875 %): what was kept in basis points (× 100)
-- is kept in thousandths of a percent (× 1000). Staff statements' month rates and the rate on each
-- dispatcher and safety statement and line; customers' service rates and services' defaults billed as
-- a percent of the gross, and the rate on the invoice lines they made; the shop's sublet markup in the
-- accounting settings (work orders took theirs in thousandths from 0028 on).
UPDATE "staff_pay_rates" SET "rate_milli" = "rate_bp" * 10;
--> statement-breakpoint
UPDATE "pay_statements" SET "terms" = ("terms" - 'rate_bp') || jsonb_build_object('rate_milli', ("terms"->>'rate_bp')::int * 10)
WHERE "kind" IN ('dispatcher', 'safety') AND "terms" ? 'rate_bp';
--> statement-breakpoint
UPDATE "pay_statement_lines" SET "data" = ("data" - 'rate_bp') || jsonb_build_object('rate_milli', ("data"->>'rate_bp')::int * 10)
WHERE "kind" IN ('dispatcher', 'safety') AND "data" ? 'rate_bp';
--> statement-breakpoint
UPDATE "accounting_services" SET "default_rate" = "default_rate" * 10 WHERE "billing_method" = 'percent_of_gross';
--> statement-breakpoint
UPDATE "customer_service_rates" r SET "rate" = r."rate" * 10
FROM "accounting_services" s WHERE s."id" = r."service_id" AND s."billing_method" = 'percent_of_gross';
--> statement-breakpoint
UPDATE "invoice_lines" il SET "rate" = il."rate" * 10
FROM "accounting_services" s WHERE s."id" = il."service_id" AND s."billing_method" = 'percent_of_gross' AND il."load_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "company_settings" SET "account" = jsonb_set("account" #- '{shop,sublet_markup_bp}', '{shop,sublet_markup_milli}',
  to_jsonb(("account"->'shop'->>'sublet_markup_bp')::int * 10))
WHERE "account"->'shop' ? 'sublet_markup_bp';
--> statement-breakpoint
-- Percentages to the thousandth (issue 28), the rest: a manager statement's base rate (terms.baseRateBp,
-- basis points) is kept in thousandths of a percent (terms.baseRateMilli = bp × 10); a factoring
-- company's fee (percent_bp) likewise in percent_milli (0028 adds the column, 0030 drops percent_bp).
UPDATE "pay_statements" SET "terms" = ("terms" - 'baseRateBp') || jsonb_build_object('baseRateMilli',
  CASE WHEN jsonb_typeof("terms"->'baseRateBp') = 'number' THEN to_jsonb(("terms"->>'baseRateBp')::int * 10) ELSE 'null'::jsonb END)
WHERE "kind" = 'staff' AND "terms" ? 'baseRateBp';
--> statement-breakpoint
UPDATE "factoring_companies" SET "percent_milli" = "percent_bp" * 10;
--> statement-breakpoint
-- Issue 31: a truck's trailing 90-day gross (downtime.basis.ts, the Downtime report, the work order's
-- downtime cost) read from the truck index alone: loads_truck_delivery_idx carries gross_cents and
-- company_id (INCLUDE; drizzle cannot declare it, as 0014_loads_index_include.sql). Same keys.
DROP INDEX IF EXISTS "loads_truck_delivery_idx";
--> statement-breakpoint
CREATE INDEX "loads_truck_delivery_idx" ON "loads" USING btree ("truck_id", "delivery_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("gross_cents", "company_id");

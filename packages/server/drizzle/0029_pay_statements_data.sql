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

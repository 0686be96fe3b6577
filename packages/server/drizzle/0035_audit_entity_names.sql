-- Custom migration (drizzle-kit generate --custom): one audit entity per table, the table's SQL
-- name (platform/audit: auditEntity). Rows written under an older name move to it.
UPDATE "audit_log" SET "entity" = 'billings' WHERE "entity" = 'billing';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'bonus_charges' WHERE "entity" = 'bonus_charge';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'brokers' WHERE "entity" = 'broker';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'cities' WHERE "entity" = 'city';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'sales_leads' WHERE "entity" = 'potential_clients';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'sales_leads' WHERE "entity" = 'clients';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'customers' WHERE "entity" = 'customer';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'staff_pay_rates' WHERE "entity" = 'staff_pay_rate';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'company_expenses' WHERE "entity" = 'company_expense';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'escrow_accounts' WHERE "entity" = 'escrow_account';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'cash_advances' WHERE "entity" = 'cash_advance';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'fuel_rows' WHERE "entity" = 'fuel';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'scheduled_payments' WHERE "entity" = 'scheduled_payment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'odometer_readings' WHERE "entity" = 'odometer_reading';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'factoring_companies' WHERE "entity" = 'factoring';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'info_companies' WHERE "entity" = 'info_company';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'invoices' WHERE "entity" = 'invoice';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'invoice_generation_runs' WHERE "entity" = 'invoice_generation_run';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'payments' WHERE "entity" = 'payment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'lost_payments' WHERE "entity" = 'lost_payment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'planner_tasks' WHERE "entity" = 'planner_task';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'light_orders' WHERE "entity" = 'light_order';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'day_offs' WHERE "entity" = 'day_off';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'reports' WHERE "entity" = 'report';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'driver_qualification_items' WHERE "entity" = 'driver_qualification_item';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'safety_actions' WHERE "entity" = 'safety_action';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'safety_drivers' WHERE "entity" = 'safety_driver';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'safety_exceptions' WHERE "entity" = 'safety_exception';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'safety_exception_comments' WHERE "entity" = 'safety_exception_comment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'salary_payments' WHERE "entity" = 'salary_payment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'factoring_schedules' WHERE "entity" = 'schedule';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'schedule_actions' WHERE "entity" = 'schedule_action';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'schedule_loads' WHERE "entity" = 'schedule_load';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'service_programs' WHERE "entity" = 'service_program';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'service_tasks' WHERE "entity" = 'service_task';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'service_program_units' WHERE "entity" = 'service_program_unit';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'work_schedules' WHERE "entity" = 'work_schedule';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'holidays' WHERE "entity" = 'holiday';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'offices' WHERE "entity" = 'office';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'inventory_items' WHERE "entity" = 'inventory_item';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'contact_types' WHERE "entity" = 'contact_type';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'document_types' WHERE "entity" = 'document_type';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'departments' WHERE "entity" = 'department';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'positions' WHERE "entity" = 'position';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'app_versions' WHERE "entity" = 'app_version';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'short_payments' WHERE "entity" = 'short_payment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'trips' WHERE "entity" = 'trip';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'loads' WHERE "entity" = 'load';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'trip_connections' WHERE "entity" = 'trip_connection';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'trip_notes' WHERE "entity" = 'trip_note';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'work_orders' WHERE "entity" = 'work_order';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'company_settings' WHERE "entity" = 'system_settings';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'company_settings' WHERE "entity" = 'account_settings';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_equipment' WHERE "entity" = 'truck_equipment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_equipment' WHERE "entity" = 'trailer_equipment';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_notes' WHERE "entity" = 'truck_notes';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_notes' WHERE "entity" = 'trailer_notes';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_values' WHERE "entity" = 'truck_values';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_values' WHERE "entity" = 'trailer_values';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_assignments', "entity_id" = 'truck:' || "entity_id" WHERE "entity" = 'truck_assignments';
--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'unit_assignments', "entity_id" = 'trailer:' || "entity_id" WHERE "entity" = 'trailer_assignments';
--> statement-breakpoint
UPDATE "audit_log" a SET "entity" = 'pay_statements' WHERE a."entity" = 'driver_statement'
  AND EXISTS (SELECT 1 FROM "pay_statements" s WHERE s."id"::text = a."entity_id" AND s."kind" = 'driver');
--> statement-breakpoint
UPDATE "audit_log" a SET "entity" = 'pay_statements' WHERE a."entity" = 'dispatcher_statement'
  AND EXISTS (SELECT 1 FROM "pay_statements" s WHERE s."id"::text = a."entity_id" AND s."kind" = 'dispatcher');
--> statement-breakpoint
UPDATE "audit_log" a SET "entity" = 'pay_statements' WHERE a."entity" = 'staff_statement'
  AND EXISTS (SELECT 1 FROM "pay_statements" s WHERE s."id"::text = a."entity_id" AND s."kind" = 'staff');
--> statement-breakpoint
UPDATE "audit_log" a SET "entity" = 'pay_statements' WHERE a."entity" = 'safety_statement'
  AND EXISTS (SELECT 1 FROM "pay_statements" s WHERE s."id"::text = a."entity_id" AND s."kind" = 'safety');

DROP TABLE "dispatcher_statement_loads" CASCADE;--> statement-breakpoint
DROP TABLE "dispatcher_statements" CASCADE;--> statement-breakpoint
DROP TABLE "driver_statement_lines" CASCADE;--> statement-breakpoint
DROP TABLE "driver_statement_payments" CASCADE;--> statement-breakpoint
DROP TABLE "driver_statements" CASCADE;--> statement-breakpoint
DROP TABLE "manager_statements" CASCADE;--> statement-breakpoint
DROP TABLE "safety_statement_drivers" CASCADE;--> statement-breakpoint
DROP TABLE "safety_statements" CASCADE;--> statement-breakpoint
ALTER TABLE "bonus_charges" DROP COLUMN "action_delete";--> statement-breakpoint
ALTER TABLE "staff_pay_rates" DROP COLUMN "rate_bp";--> statement-breakpoint
ALTER TABLE "driver_contracts" DROP COLUMN "rate";--> statement-breakpoint
ALTER TABLE "drivers" DROP COLUMN "amount_cents";--> statement-breakpoint
ALTER TABLE "factoring_companies" DROP COLUMN "percent_bp";--> statement-breakpoint
ALTER TABLE "loads" DROP COLUMN "dispatcher_statement_id";--> statement-breakpoint
ALTER TABLE "work_orders" DROP COLUMN "tax_basis_points";
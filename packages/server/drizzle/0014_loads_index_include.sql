-- Made with `drizzle-kit generate --custom`: drizzle cannot declare INCLUDE columns. The keys stay
-- as loads.table.ts declares them (so the snapshot is true); the totals' columns ride along, so a
-- window's count, distinct trips, gross and miles are read from the index alone
-- (shared/performance-notes.md: the one-year window's totals went from the heap to the index).
DROP INDEX IF EXISTS "loads_delivery_idx";--> statement-breakpoint
CREATE INDEX "loads_delivery_idx" ON "loads" USING btree ("company_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("trip_id","gross_cents","mileage_loaded","mileage_empty","dispatcher_id","customer_id");--> statement-breakpoint
DROP INDEX IF EXISTS "loads_pickup_idx";--> statement-breakpoint
CREATE INDEX "loads_pickup_idx" ON "loads" USING btree ("company_id","pickup_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("trip_id","gross_cents","mileage_loaded","mileage_empty","dispatcher_id","customer_id");--> statement-breakpoint
DROP INDEX IF EXISTS "loads_dispatcher_delivery_idx";--> statement-breakpoint
CREATE INDEX "loads_dispatcher_delivery_idx" ON "loads" USING btree ("dispatcher_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("company_id","trip_id","gross_cents","mileage_loaded","mileage_empty","customer_id");--> statement-breakpoint
DROP INDEX IF EXISTS "loads_not_invoiced_idx";--> statement-breakpoint
CREATE INDEX "loads_not_invoiced_idx" ON "loads" USING btree ("company_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("trip_id","gross_cents","mileage_loaded","mileage_empty","dispatcher_id","customer_id") WHERE "loads"."customer_invoice_id" is null;--> statement-breakpoint
-- Index-only reads need a fresh visibility map: vacuum loads after 2% of it changed, not 20%.
ALTER TABLE "loads" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);

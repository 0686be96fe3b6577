DROP INDEX "loads_delivery_idx";--> statement-breakpoint
DROP INDEX "loads_pickup_idx";--> statement-breakpoint
DROP INDEX "loads_customer_delivery_idx";--> statement-breakpoint
DROP INDEX "loads_dispatcher_delivery_idx";--> statement-breakpoint
DROP INDEX "loads_truck_delivery_idx";--> statement-breakpoint
DROP INDEX "loads_driver_delivery_idx";--> statement-breakpoint
DROP INDEX "loads_broker_delivery_idx";--> statement-breakpoint
CREATE INDEX "loads_delivery_idx" ON "loads" USING btree ("company_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_pickup_idx" ON "loads" USING btree ("company_id","pickup_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_customer_delivery_idx" ON "loads" USING btree ("customer_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_dispatcher_delivery_idx" ON "loads" USING btree ("dispatcher_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_truck_delivery_idx" ON "loads" USING btree ("truck_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_driver_delivery_idx" ON "loads" USING btree ("driver_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loads_broker_delivery_idx" ON "loads" USING btree ("broker_id","delivery_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
CREATE TABLE "load_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"load_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"position" smallint NOT NULL,
	"city_id" integer,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text,
	"address" text,
	"facility" text,
	"at" timestamp with time zone,
	"at_end" timestamp with time zone,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"position" smallint DEFAULT 1 NOT NULL,
	"broker_id" integer,
	"broker_number" text,
	"bol" text,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"mileage_loaded" integer DEFAULT 0 NOT NULL,
	"mileage_empty" integer DEFAULT 0 NOT NULL,
	"pickup_at" timestamp with time zone,
	"delivery_at" timestamp with time zone,
	"pickup_city" text,
	"pickup_state" text,
	"delivery_city" text,
	"delivery_state" text,
	"customer_id" integer,
	"truck_id" integer,
	"trailer_id" integer,
	"driver_id" integer,
	"dispatcher_id" integer,
	"factoring" boolean DEFAULT false NOT NULL,
	"ppw" smallint DEFAULT 0 NOT NULL,
	"ppw_created_by" integer,
	"ppw_date" timestamp with time zone,
	"billing" boolean DEFAULT false NOT NULL,
	"customer_invoice_id" integer,
	"dispatcher_statement_id" integer,
	"ai_status" text,
	"ai_confidence" real,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_connections" (
	"trip_id" integer NOT NULL,
	"connected_trip_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_connections_trip_id_connected_trip_id_pk" PRIMARY KEY("trip_id","connected_trip_id")
);
--> statement-breakpoint
CREATE TABLE "trip_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"trip_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"truck_id" integer,
	"trailer_id" integer,
	"driver_id" integer,
	"dispatcher_id" integer,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_connections" ADD CONSTRAINT "trip_connections_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_connections" ADD CONSTRAINT "trip_connections_connected_trip_id_trips_id_fk" FOREIGN KEY ("connected_trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notes" ADD CONSTRAINT "trip_notes_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "load_stops_load_idx" ON "load_stops" USING btree ("load_id","type","position");--> statement-breakpoint
CREATE INDEX "loads_trip_idx" ON "loads" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "loads_delivery_idx" ON "loads" USING btree ("company_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_pickup_idx" ON "loads" USING btree ("company_id","pickup_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_customer_delivery_idx" ON "loads" USING btree ("customer_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_dispatcher_delivery_idx" ON "loads" USING btree ("dispatcher_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_truck_delivery_idx" ON "loads" USING btree ("truck_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_driver_delivery_idx" ON "loads" USING btree ("driver_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_broker_delivery_idx" ON "loads" USING btree ("broker_id","delivery_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loads_not_invoiced_idx" ON "loads" USING btree ("company_id","delivery_at" DESC NULLS LAST) WHERE "loads"."customer_invoice_id" is null;--> statement-breakpoint
CREATE INDEX "trip_notes_trip_idx" ON "trip_notes" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "trips_company_created_idx" ON "trips" USING btree ("company_id","created_at");
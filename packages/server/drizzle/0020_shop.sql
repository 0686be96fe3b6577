CREATE TABLE "day_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "light_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer" text NOT NULL,
	"phone" text,
	"unit" text,
	"description" text NOT NULL,
	"price_cents" integer,
	"client_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planner_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"work_order_id" integer,
	"light_order_id" integer,
	"day_off_id" integer,
	"technician_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" smallint NOT NULL,
	"w" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_road" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"truck_id" integer NOT NULL,
	"driver_id" integer,
	"drive_type_id" smallint DEFAULT 1 NOT NULL,
	"location" text,
	"out_of_service" boolean DEFAULT false NOT NULL,
	"reason" text,
	"note" text,
	"dispatcher_approved" boolean DEFAULT false NOT NULL,
	"dispatcher_approved_by" integer,
	"dispatcher_approved_at" timestamp with time zone,
	"shop_approved" boolean DEFAULT false NOT NULL,
	"shop_approved_by" integer,
	"shop_approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "truck_road_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"complaint" text NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"correction" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"issued_on" date
);
--> statement-breakpoint
CREATE TABLE "work_order_labour" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"technician_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"hundredth_hours" integer NOT NULL,
	"rate_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"hundredth_quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"wo_type" text NOT NULL,
	"unit_type" text NOT NULL,
	"truck_id" integer,
	"trailer_id" integer,
	"customer_id" integer,
	"customer_unit" text,
	"dispatch_request" smallint DEFAULT 2 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"technician_id" integer,
	"arrived" boolean DEFAULT false NOT NULL,
	"arrival_date" date,
	"alignment" boolean DEFAULT false NOT NULL,
	"inspection" boolean DEFAULT false NOT NULL,
	"pm" boolean DEFAULT false NOT NULL,
	"towing" boolean DEFAULT false NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"tax_basis_points" integer DEFAULT 0 NOT NULL,
	"labour_cents" integer DEFAULT 0 NOT NULL,
	"parts_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"customer_invoice_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_descriptions" ADD CONSTRAINT "work_order_descriptions_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_invoices" ADD CONSTRAINT "work_order_invoices_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_labour" ADD CONSTRAINT "work_order_labour_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_parts" ADD CONSTRAINT "work_order_parts_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_tasks_day_idx" ON "planner_tasks" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_tasks_work_order_uq" ON "planner_tasks" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_tasks_light_order_uq" ON "planner_tasks" USING btree ("light_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_tasks_day_off_uq" ON "planner_tasks" USING btree ("day_off_id");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_road_day_truck_uq" ON "truck_road" USING btree ("company_id","date","truck_id");--> statement-breakpoint
CREATE INDEX "truck_road_date_idx" ON "truck_road" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "truck_road_recipients_uq" ON "truck_road_recipients" USING btree ("company_id","email");--> statement-breakpoint
CREATE INDEX "work_orders_created_idx" ON "work_orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "work_orders_arrival_idx" ON "work_orders" USING btree ("company_id","arrival_date");
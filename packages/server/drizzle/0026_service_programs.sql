CREATE TABLE "service_program_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"unit_type" text NOT NULL,
	"unit_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"start_odometer" integer
);
--> statement-breakpoint
CREATE TABLE "service_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit_kind" text NOT NULL,
	"interval_miles" integer,
	"interval_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_service_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"odometer" integer
);
--> statement-breakpoint
ALTER TABLE "service_program_units" ADD CONSTRAINT "service_program_units_program_id_service_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."service_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_tasks" ADD CONSTRAINT "service_tasks_program_id_service_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."service_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_service_tasks" ADD CONSTRAINT "work_order_service_tasks_task_id_service_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."service_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_program_units_uq" ON "service_program_units" USING btree ("program_id","unit_type","unit_id");--> statement-breakpoint
CREATE INDEX "service_tasks_program_idx" ON "service_tasks" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_service_tasks_uq" ON "work_order_service_tasks" USING btree ("work_order_id","task_id");--> statement-breakpoint
CREATE INDEX "work_order_service_tasks_task_idx" ON "work_order_service_tasks" USING btree ("task_id");
CREATE TABLE "load_day_totals" (
	"company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"day" date NOT NULL,
	"dispatcher_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"mileage_loaded" bigint DEFAULT 0 NOT NULL,
	"mileage_empty" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "load_day_totals_company_id_kind_day_dispatcher_id_customer_id_pk" PRIMARY KEY("company_id","kind","day","dispatcher_id","customer_id")
);

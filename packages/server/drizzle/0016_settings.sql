CREATE TABLE "company_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"system" jsonb,
	"account" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TYPE "public"."document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "document_kind" NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer,
	"client_id" integer,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"verification_key" text NOT NULL,
	"total_ttc" numeric(10, 2) NOT NULL,
	"total_ht" numeric(10, 2) NOT NULL,
	"total_tax" numeric(10, 2) NOT NULL,
	"data" jsonb NOT NULL,
	"pdf" "bytea",
	"created_by" text NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_manual_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."manual_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_seq_idx" ON "invoices" USING btree ("kind","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invoices_key_idx" ON "invoices" USING btree ("verification_key");--> statement-breakpoint
CREATE INDEX "invoices_issued_on_idx" ON "invoices" USING btree ("issued_on");--> statement-breakpoint
-- Paid orders already invoiced keep their numbers (the order id) and their date (the order date). What they print is
-- taken from the order now, then frozen with the seller and tax settings on first rendering (services/invoices.ts).
INSERT INTO "invoices" ("kind", "seq", "number", "order_id", "client_id", "issued_on", "issued_at", "verification_key", "total_ttc", "total_ht", "total_tax", "data", "created_by")
SELECT 'invoice', o."id", lpad(o."id"::text, 8, '0'), o."id", o."client_id", o."order_date",
  (o."order_date"::timestamp + interval '12 hours') AT TIME ZONE 'Europe/Paris', o."verification_key", o."price", o."price", 0,
  jsonb_build_object('legacy', jsonb_build_object(
    'clientName', o."client_name", 'clientEmail', o."client_email", 'clientPhone', o."client_phone", 'plan', o."plan",
    'price', o."price", 'paymentMethod', o."payment_method", 'orderDate', o."order_date", 'startsOn', o."starts_on",
    'endsOn', o."ends_on", 'username', c."username")),
  o."created_by"
FROM "manual_orders" o LEFT JOIN "clients" c ON c."id" = o."client_id"
WHERE o."payment_status" = 'paid';--> statement-breakpoint
-- Order ids are ordinary ids from now on: the sequence continues after the ids the invoice numbering gave out.
SELECT setval(pg_get_serial_sequence('manual_orders', 'id'), coalesce((SELECT max("id") FROM "manual_orders"), 0) + 1, false);

CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'expired', 'failed', 'mismatch');--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'carte_en_ligne';--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"url" text,
	"payment_intent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_issue" text;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_order_idx" ON "online_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "online_payments_open_idx" ON "online_payments" USING btree ("created_at") WHERE "online_payments"."status" = 'open';
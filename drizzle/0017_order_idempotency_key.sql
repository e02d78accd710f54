ALTER TABLE "manual_orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "manual_orders" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
ALTER TABLE "manual_orders" ADD CONSTRAINT "manual_orders_idempotency_key_unique" UNIQUE("idempotency_key");
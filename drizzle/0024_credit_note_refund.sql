ALTER TABLE "invoices" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_status" text;
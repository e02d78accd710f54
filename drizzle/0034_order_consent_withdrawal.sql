ALTER TABLE "orders" ADD COLUMN "cgv_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgv_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "express_request_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "contract_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_refund" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "cgv_version" text;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "cgv_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "express_request_at" timestamp with time zone;
-- One word per thing (README, Glossary): an order is an « order » whoever created it, and the staff's inbox holds
-- registrations, contact messages and erasure requests. Renaming keeps every row, key and counter; the names of the
-- constraints, indexes and sequences follow so that later generated migrations find them.
ALTER TABLE "manual_orders" RENAME TO "orders";--> statement-breakpoint
ALTER SEQUENCE "manual_orders_id_seq" RENAME TO "orders_id_seq";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "manual_orders_pkey" TO "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "manual_orders_verification_key_unique" TO "orders_verification_key_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "manual_orders_idempotency_key_unique" TO "orders_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "manual_orders_client_id_clients_id_fk" TO "orders_client_id_clients_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" RENAME CONSTRAINT "invoices_order_id_manual_orders_id_fk" TO "invoices_order_id_orders_id_fk";--> statement-breakpoint
ALTER INDEX "manual_orders_email_key_idx" RENAME TO "orders_email_key_idx";--> statement-breakpoint
ALTER INDEX "manual_orders_order_date_idx" RENAME TO "orders_order_date_idx";--> statement-breakpoint
ALTER INDEX "manual_orders_client_idx" RENAME TO "orders_client_idx";--> statement-breakpoint
ALTER INDEX "manual_orders_ends_on_idx" RENAME TO "orders_ends_on_idx";--> statement-breakpoint
ALTER INDEX "manual_orders_one_client_request_idx" RENAME TO "orders_one_client_request_idx";--> statement-breakpoint
ALTER TABLE "requests" RENAME TO "inbox_items";--> statement-breakpoint
ALTER SEQUENCE "requests_id_seq" RENAME TO "inbox_items_id_seq";--> statement-breakpoint
ALTER TABLE "inbox_items" RENAME CONSTRAINT "requests_pkey" TO "inbox_items_pkey";--> statement-breakpoint
ALTER TABLE "inbox_items" RENAME CONSTRAINT "requests_client_id_clients_id_fk" TO "inbox_items_client_id_clients_id_fk";--> statement-breakpoint
ALTER INDEX "requests_created_idx" RENAME TO "inbox_items_created_idx";--> statement-breakpoint
ALTER INDEX "requests_registration_email_idx" RENAME TO "inbox_items_registration_email_idx";--> statement-breakpoint
ALTER TYPE "public"."request_kind" RENAME TO "inbox_kind";--> statement-breakpoint
ALTER TYPE "public"."request_status" RENAME TO "inbox_status";

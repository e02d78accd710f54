DROP INDEX "manual_orders_email_lower_idx";--> statement-breakpoint
ALTER TABLE "manual_orders" ADD COLUMN "email_key" text GENERATED ALWAYS AS (lower(client_email)) STORED;--> statement-breakpoint
ALTER TABLE "manual_orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(client_name || chr(31) || client_email || chr(31) || coalesce(username, '') || chr(31) || verification_key)) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_username_lower_idx" ON "clients" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "manual_orders_email_key_idx" ON "manual_orders" USING btree ("email_key");
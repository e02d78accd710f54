CREATE TYPE "public"."mail_kind" AS ENUM('registration_received', 'registration_refused', 'staff_new_registration', 'staff_contact', 'staff_new_intervention', 'credentials', 'invoice', 'intervention_status', 'renewal_reminder', 'password_reset', 'erasure_done');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('queued', 'sending', 'sent', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" "mail_kind" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"params" jsonb NOT NULL,
	"secret" text,
	"status" "mail_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_client_idx" ON "outbox" USING btree ("client_id");
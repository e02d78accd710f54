CREATE TYPE "public"."message_author" AS ENUM('client', 'staff');--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'intervention_message';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_intervention_message';--> statement-breakpoint
CREATE TABLE "intervention_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL,
	"author" "message_author" NOT NULL,
	"staff_username" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "client_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "staff_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intervention_messages" ADD CONSTRAINT "intervention_messages_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intervention_messages_thread_idx" ON "intervention_messages" USING btree ("intervention_id","id");
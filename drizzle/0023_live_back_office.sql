ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_response_due_soon';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_response_overdue';--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"intervention_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"staff_text" text,
	"staff_role" "staff_role",
	"client_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "assigned_staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "first_name" text;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_assigned_staff_id_staff_users_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interventions_assignee_idx" ON "interventions" USING btree ("assigned_staff_id");
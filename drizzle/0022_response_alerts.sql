ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_response_due_soon';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_response_overdue';--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "escalated_at" timestamp with time zone;
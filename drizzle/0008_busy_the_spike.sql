CREATE TYPE "public"."remote_tool" AS ENUM('rustdesk', 'anydesk', 'teamviewer', 'quick_assist');--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "plan" "plan_id";--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "response_minutes" integer;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "remote_tool" "remote_tool";--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "remote_id" text;--> statement-breakpoint
CREATE INDEX "interventions_due_idx" ON "interventions" USING btree ("due_at") WHERE "interventions"."first_response_at" is null;
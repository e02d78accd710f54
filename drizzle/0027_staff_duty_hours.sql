ALTER TABLE "live_events" ADD COLUMN "staff_ids" jsonb;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "duty_hours" jsonb;
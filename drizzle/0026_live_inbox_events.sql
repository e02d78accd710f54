ALTER TABLE "live_events" ALTER COLUMN "intervention_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "subject_id" integer;
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
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");
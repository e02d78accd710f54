CREATE TYPE "public"."screen_share_end" AS ENUM('client', 'staff', 'page_closed', 'sign_out');--> statement-breakpoint
CREATE TABLE "live_signals" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"to_client_id" integer,
	"to_staff_id" integer,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screen_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"staff_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" "screen_share_end",
	"duration_minutes" integer
);
--> statement-breakpoint
ALTER TABLE "screen_shares" ADD CONSTRAINT "screen_shares_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_shares" ADD CONSTRAINT "screen_shares_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_shares" ADD CONSTRAINT "screen_shares_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_signals_topic_idx" ON "live_signals" USING btree ("topic");--> statement-breakpoint
CREATE INDEX "live_signals_created_idx" ON "live_signals" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screen_shares_running_idx" ON "screen_shares" USING btree ("intervention_id") WHERE "screen_shares"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "screen_shares_client_idx" ON "screen_shares" USING btree ("client_id");
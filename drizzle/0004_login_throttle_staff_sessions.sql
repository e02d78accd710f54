CREATE TABLE "login_throttle" (
	"scope" text NOT NULL,
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"granted" boolean DEFAULT true NOT NULL,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_throttle_scope_bucket_key_hash_pk" PRIMARY KEY("scope","bucket","key_hash")
);
--> statement-breakpoint
DROP INDEX "requests_pending_registration_email_idx";--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_throttle_last_attempt_idx" ON "login_throttle" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "requests_registration_email_idx" ON "requests" USING btree (lower("email")) WHERE "requests"."kind" = 'registration';--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_id_unique" UNIQUE("id");
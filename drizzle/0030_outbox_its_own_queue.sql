ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A message an instance of the previous release is sending stays its own until its claim lapses.
UPDATE "outbox" SET "next_attempt_at" = "claimed_until" WHERE "status" = 'sending' AND "claimed_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('queued', 'sending');
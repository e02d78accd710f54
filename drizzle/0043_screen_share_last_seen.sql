-- The sharing page says every 30 s that it is still there; a share whose page went silent ends by itself.
ALTER TABLE "screen_shares" ADD COLUMN "last_seen_at" timestamp with time zone;
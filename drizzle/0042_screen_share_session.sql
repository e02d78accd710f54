-- The client session that opened a share: when it ends (sign-out, a new password, erasure, expiry) the share ends.
ALTER TABLE "screen_shares" ADD COLUMN "client_session_hash" text;
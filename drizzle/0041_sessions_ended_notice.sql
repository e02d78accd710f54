-- A session that ends, however it ends (a sign-out, « Fermer la session », a password changed, an account erased or
-- disabled, the retention job), is announced on « rfs_session_ended » with its hash, so that every server process
-- closes that session's live streams at once (services/live/hub.ts) instead of at their next check. One notice per
-- hundred sessions of a statement: NOTIFY's payload stays under its 8,000 bytes.
CREATE FUNCTION sessions_ended_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch text;
BEGIN
  FOR batch IN
    SELECT string_agg(id_hash, ' ') FROM (SELECT id_hash, (row_number() OVER () - 1) / 100 AS part FROM ended) s
    GROUP BY part
  LOOP
    PERFORM pg_notify('rfs_session_ended', batch);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER client_sessions_ended AFTER DELETE ON client_sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_notice();
--> statement-breakpoint
CREATE TRIGGER staff_sessions_ended AFTER DELETE ON staff_sessions
  REFERENCING OLD TABLE AS ended FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended_notice();

-- The line a screen share leaves in the conversation (« Partage d’écran : 14 min avec Julien ») was written as a team
-- message, so the client saw « Nouvelle réponse » for a share they took part in. It is now a notice: an event of the
-- request, shown as such, that neither side has to read.
ALTER TABLE "intervention_messages" ADD COLUMN "notice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The client's list shows whether a team message is unread, and a notice is not: changing the flag changes the list
-- (docs/decisions/044), as writing or deleting a team message does.
DROP TRIGGER intervention_messages_list_changed ON intervention_messages;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER intervention_messages_list_changed AFTER INSERT OR DELETE OR UPDATE OF notice
  ON intervention_messages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION intervention_messages_list_changed();
--> statement-breakpoint
-- The lines written before: the screen-share service's exact words, one line, without a file. The restore of an
-- archive made before this migration calls it too (services/backup/tables.ts), once the archive's rows are in.
CREATE FUNCTION mark_share_lines_as_notices() RETURNS void LANGUAGE sql AS $$
  UPDATE intervention_messages m SET notice = true
  WHERE m.author = 'staff' AND NOT m.notice
    AND m.body ~ '^Partage d’écran : [0-9]+ min avec [^\n]+$'
    AND NOT EXISTS (SELECT 1 FROM intervention_attachments a WHERE a.message_id = m.id)
$$;
--> statement-breakpoint
SELECT mark_share_lines_as_notices();

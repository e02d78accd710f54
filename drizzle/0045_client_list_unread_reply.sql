-- The client's list of requests now says when the team has written since the client last read the conversation
-- (services/interventions/client-intervention-list.ts, `unreadReply`). What it shows then also moves with a staff
-- message and with the client's read mark, so both now count as changes to the list (docs/decisions/044). A staff
-- member's read mark still does not: the client's list does not show it. Each side's messages get an index of their
-- own, by request and time, so that a list finds the latest without reading every message.
CREATE INDEX "intervention_messages_staff_idx" ON "intervention_messages" USING btree ("intervention_id","created_at") WHERE "intervention_messages"."author" = 'staff';--> statement-breakpoint
CREATE INDEX "intervention_messages_client_idx" ON "intervention_messages" USING btree ("intervention_id","created_at") WHERE "intervention_messages"."author" = 'client';--> statement-breakpoint
DROP TRIGGER interventions_list_updated ON interventions;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER interventions_list_updated AFTER UPDATE ON interventions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.client_id, OLD.title, OLD.description, OLD.urgency, OLD.device_type, OLD.device_info, OLD.status,
         OLD.created_at, OLD.duration_minutes, OLD.due_at, OLD.first_response_at, OLD.assigned_staff_id,
         OLD.opened_by_staff_id, OLD.client_read_at)
    IS DISTINCT FROM (NEW.client_id, NEW.title, NEW.description, NEW.urgency, NEW.device_type, NEW.device_info,
         NEW.status, NEW.created_at, NEW.duration_minutes, NEW.due_at, NEW.first_response_at, NEW.assigned_staff_id,
         NEW.opened_by_staff_id, NEW.client_read_at))
  EXECUTE FUNCTION interventions_list_changed();
--> statement-breakpoint
-- A client's own message changes nothing the list shows (writing it reads the thread, counted above). A team message
-- counts when it is written and when it goes (the retention job deletes the messages of long-closed requests).
CREATE FUNCTION intervention_messages_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m intervention_messages;
BEGIN
  IF TG_OP = 'DELETE' THEN m := OLD; ELSE m := NEW; END IF;
  IF m.author = 'staff' THEN
    PERFORM client_requests_changed(i.client_id) FROM interventions i WHERE i.id = m.intervention_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER intervention_messages_list_changed AFTER INSERT OR DELETE ON intervention_messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION intervention_messages_list_changed();

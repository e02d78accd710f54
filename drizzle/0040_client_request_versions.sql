CREATE TABLE "client_request_versions" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_request_versions" ADD CONSTRAINT "client_request_versions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counter of each client's list of requests (docs/decisions/044), moved by the database itself so that every
-- writer counts: the services, the jobs, a restore, a statement typed by hand. Each client has its row from the start
-- (below, and the trigger on clients), so moving it is an UPDATE of that row alone: it never waits on the client's
-- row, which creating a request or an erasure holds. The triggers are deferred: the counter's row is locked only while
-- the transaction commits, after every other lock it takes, so they add no lock wait in the middle of a transaction.
INSERT INTO client_request_versions (client_id) SELECT id FROM clients;
--> statement-breakpoint
CREATE FUNCTION client_request_version_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO client_request_versions (client_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER clients_request_version_row AFTER INSERT ON clients
  FOR EACH ROW EXECUTE FUNCTION client_request_version_row();
--> statement-breakpoint
CREATE FUNCTION client_requests_changed(changed_client integer) RETURNS void LANGUAGE sql AS $$
  UPDATE client_request_versions SET version = version + 1 WHERE client_id = changed_client
$$;
--> statement-breakpoint
CREATE FUNCTION interventions_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM client_requests_changed(OLD.client_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.client_id <> OLD.client_id) THEN
    PERFORM client_requests_changed(NEW.client_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER interventions_list_added_or_removed AFTER INSERT OR DELETE ON interventions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION interventions_list_changed();
--> statement-breakpoint
-- Only the columns the list shows (services/interventions/client-intervention-list.ts, held by a test): reading a
-- thread moves its read marks, which the list does not show.
CREATE CONSTRAINT TRIGGER interventions_list_updated AFTER UPDATE ON interventions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.client_id, OLD.title, OLD.description, OLD.urgency, OLD.device_type, OLD.device_info, OLD.status,
         OLD.created_at, OLD.duration_minutes, OLD.due_at, OLD.first_response_at, OLD.assigned_staff_id,
         OLD.opened_by_staff_id)
    IS DISTINCT FROM (NEW.client_id, NEW.title, NEW.description, NEW.urgency, NEW.device_type, NEW.device_info,
         NEW.status, NEW.created_at, NEW.duration_minutes, NEW.due_at, NEW.first_response_at, NEW.assigned_staff_id,
         NEW.opened_by_staff_id))
  EXECUTE FUNCTION interventions_list_changed();
--> statement-breakpoint
CREATE FUNCTION intervention_ratings_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_requests_changed(i.client_id) FROM interventions i
    WHERE i.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.intervention_id ELSE NEW.intervention_id END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER intervention_ratings_list_changed AFTER INSERT OR UPDATE OR DELETE ON intervention_ratings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION intervention_ratings_list_changed();
--> statement-breakpoint
-- The list names who handles and who opened each request by their first name.
CREATE FUNCTION staff_first_name_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM client_requests_changed(c.client_id) FROM (
    SELECT DISTINCT client_id FROM interventions
      WHERE assigned_staff_id = NEW.id OR opened_by_staff_id = NEW.id ORDER BY client_id
  ) c;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER staff_first_name_list_changed AFTER UPDATE ON staff_users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name)
  EXECUTE FUNCTION staff_first_name_list_changed();

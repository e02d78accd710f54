-- The audit log is append-only (issue 10): every UPDATE and DELETE is refused, whoever runs it, except the two
-- changes the product itself makes:
--  * the erasure of a client (services/erasure.ts) removes personal fields from « before » and « after », in a
--    transaction that said so with `set_config('rfs.audit_erasure', 'on', true)` (transaction-local); nothing else
--    of the entry may change;
--  * deleting a staff account sets staff_id to null through the foreign key (ON DELETE SET NULL, a nested trigger);
--    the username written in the entry stays.
-- TRUNCATE is refused too. A superuser can still disable a trigger: this guards the application, not the server.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF current_setting('rfs.audit_erasure', true) = 'on'
      AND (NEW.id, NEW.staff_id, NEW.staff_username, NEW.action, NEW.entity, NEW.entity_id, NEW.address, NEW.created_at)
        IS NOT DISTINCT FROM (OLD.id, OLD.staff_id, OLD.staff_username, OLD.action, OLD.entity, OLD.entity_id, OLD.address, OLD.created_at)
    THEN
      RETURN NEW;
    END IF;
    IF pg_trigger_depth() > 1 AND OLD.staff_id IS NOT NULL AND NEW.staff_id IS NULL
      AND (NEW.id, NEW.staff_username, NEW.action, NEW.entity, NEW.entity_id, NEW.address, NEW.before, NEW.after, NEW.created_at)
        IS NOT DISTINCT FROM (OLD.id, OLD.staff_username, OLD.action, OLD.entity, OLD.entity_id, OLD.address, OLD.before, OLD.after, OLD.created_at)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

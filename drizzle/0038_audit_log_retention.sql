-- The audit log stays append-only (0014), with one more change the product makes: the nightly retention job
-- (services/privacy/retention.ts) deletes the entries past their period (src/shared/privacy/retention-periods.ts),
-- in a transaction that said so with `set_config('rfs.audit_retention', 'on', true)`. Whatever the application asks,
-- an entry younger than six months (the least the CNIL advises for such a journal) is never deleted: the period
-- itself lives in the retention table, this is only the floor the database holds to.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF TG_OP = 'DELETE' AND current_setting('rfs.audit_retention', true) = 'on'
    AND OLD.created_at < now() - interval '6 months'
  THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- Staff's e-mails about a client's request or device now name that client in outbox.client_id, so that the client's
-- erasure blanks them with the client's own messages (services/mail/outbox.ts, anonymiseOutboxOf). Those written
-- before take it from the request or the client they name; then those about a client already erased lose their
-- words, as the erasure now would have done (« staff-intervention:<id> » messages already had). Kinds are compared as
-- text: those added by earlier migrations of the same run are not committed yet on a new database. Ids are compared as
-- text too: a row of another shape is left as it is, where a cast would stop the upgrade.
UPDATE outbox o SET client_id = i.client_id
FROM interventions i
WHERE o.client_id IS NULL
  AND o.kind::text IN ('staff_new_intervention', 'staff_intervention_message', 'staff_intervention_closed',
    'staff_intervention_rating', 'staff_response_due_soon', 'staff_response_overdue')
  AND o.params->>'interventionId' = i.id::text;
--> statement-breakpoint
UPDATE outbox o SET client_id = c.id
FROM clients c
WHERE o.client_id IS NULL AND o.kind::text = 'staff_device_proof' AND o.params->>'clientId' = c.id::text;
--> statement-breakpoint
UPDATE outbox o SET
  subject = 'Message effacé (données d’une personne effacée)',
  params = '{}'::jsonb,
  secret = NULL,
  last_error = NULL,
  status = CASE WHEN o.status IN ('queued', 'failed') THEN 'cancelled'::mail_status ELSE o.status END,
  updated_at = now()
FROM clients c
WHERE c.id = o.client_id AND c.email LIKE '%@invalid' AND o.kind::text LIKE 'staff\_%' AND o.params <> '{}'::jsonb;

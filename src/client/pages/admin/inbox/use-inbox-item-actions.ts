import { useState } from 'react';
import type { RegistrationValidated, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { INBOX_STATUS_LABELS, type InboxStatus } from '#shared/inbox/inbox-labels.ts';
import { notify } from '#client/lib/notify.tsx';
import { useConfirmErasure, useUpdateInboxStatus, useValidateRegistration } from './inbox-mutations.ts';

/** What the inbox item's buttons do, each telling its outcome in a toast; `validated` holds a new account's credentials. */
export function useInboxItemActions(r: InboxItemDto) {
  const update = useUpdateInboxStatus(r.id);
  const validate = useValidateRegistration(r.id);
  const erase = useConfirmErasure(r.id);
  const [validated, setValidated] = useState<RegistrationValidated | null>(null);

  function setStatus(status: InboxStatus) {
    update.mutate(status, {
      onSuccess: () => notify('success', 'Demande mise à jour', `Statut : ${INBOX_STATUS_LABELS[status]}`),
      onError: (error) => notify('error', 'Impossible de modifier la demande', error.message),
    });
  }

  function runValidate() {
    validate.mutate(undefined, {
      onSuccess: (result) => {
        setValidated(result);
        notify('success', 'Compte client créé', `Les identifiants de ${r.name} ont été envoyés par e-mail.`);
      },
      onError: (error) => notify('error', 'Impossible de valider la demande', error.message),
    });
  }

  function runErase() {
    erase.mutate(undefined, {
      onSuccess: () =>
        notify('success', 'Données effacées', `Le compte de ${r.name} a été anonymisé ; ses factures sont conservées.`),
      onError: (error) => notify('error', 'Impossible d’effacer les données', error.message),
    });
  }

  return {
    setStatus,
    runValidate,
    runErase,
    validated,
    clearValidated: () => setValidated(null),
    validating: validate.isPending,
    erasing: erase.isPending,
    busy: update.isPending || validate.isPending || erase.isPending,
  };
}

import { useState } from 'react';
import { Ban, Check, UserPlus, UserX, X } from 'lucide-react';
import type { RegistrationValidated, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { INBOX_STATUS_LABELS, type InboxStatus } from '#shared/inbox/inbox-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.tsx';
import { CredentialsPanel } from '#client/pages/admin/common/credentials-panel.tsx';
import { RefuseDialog } from './refuse-dialog.tsx';
import { useConfirmErasure, useUpdateInboxStatus, useValidateRegistration } from './inbox-mutations.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';

export function InboxItemActions({ request: r }: { request: InboxItemDto }) {
  const update = useUpdateInboxStatus(r.id);
  const validate = useValidateRegistration(r.id);
  const erase = useConfirmErasure(r.id);
  // Erasing a client is an admin's decision (the server refuses it to a technician): a technician is told who does it.
  const canErase = useStaffSession().data?.role === 'admin';
  const [confirming, setConfirming] = useState(false);
  const [confirmingErasure, setConfirmingErasure] = useState(false);
  const [refusing, setRefusing] = useState(false);
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

  // Once erased or refused there is nothing left to answer: the request is a record of what was done.
  if (r.erasedAt || (r.kind === 'erasure' && r.refusalReason)) return null;
  const busy = update.isPending || validate.isPending || erase.isPending;
  // An erasure request ends only by an admin's confirmation or refusal (the server refuses any other status change).
  const byStatus = r.kind !== 'erasure';
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {r.kind === 'erasure' && !canErase && (
        <p className="text-sm text-slate-700">À confirmer ou refuser par un administrateur.</p>
      )}
      {r.kind === 'erasure' && canErase && (
        <Button size="sm" variant="danger" onClick={() => setConfirmingErasure(true)} disabled={busy}>
          <UserX aria-hidden="true" className="h-4 w-4" />{' '}
          {erase.isPending ? 'Effacement...' : 'Confirmer l’effacement'}
        </Button>
      )}
      {r.kind === 'erasure' && canErase && (
        <Button size="sm" variant="secondary" onClick={() => setRefusing(true)} disabled={busy}>
          <Ban aria-hidden="true" className="h-4 w-4" /> Refuser
        </Button>
      )}
      {r.kind === 'registration' && r.status === 'pending' && (
        <Button size="sm" onClick={() => setConfirming(true)} disabled={busy}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />{' '}
          {validate.isPending ? 'Création...' : 'Valider et créer le compte'}
        </Button>
      )}
      {r.kind === 'registration' && r.status === 'pending' && (
        <Button size="sm" variant="secondary" onClick={() => setRefusing(true)} disabled={busy}>
          <Ban aria-hidden="true" className="h-4 w-4" /> Refuser
        </Button>
      )}
      {byStatus && r.status !== 'replied' && (
        <Button size="sm" variant="secondary" onClick={() => setStatus('replied')} disabled={busy}>
          <Check aria-hidden="true" className="h-4 w-4" /> Marquer répondu
        </Button>
      )}
      {byStatus && r.status !== 'closed' && (
        <Button size="sm" variant="secondary" onClick={() => setStatus('closed')} disabled={busy}>
          <X aria-hidden="true" className="h-4 w-4" /> Fermer
        </Button>
      )}
      {/* A validated registration has its account, a refused one its e-mail: back to pending would act twice. */}
      {byStatus && r.status !== 'pending' && r.clientId === null && !r.refusalReason && (
        <Button size="sm" variant="ghost" onClick={() => setStatus('pending')} disabled={busy}>
          Remettre en attente
        </Button>
      )}
      <ConfirmDialog
        open={confirmingErasure}
        onOpenChange={setConfirmingErasure}
        onConfirm={runErase}
        danger
        title="Effacer les données de ce client ?"
        confirmLabel="Effacer définitivement"
        description={
          `Le compte n° ${r.clientId} (${r.name}, ${r.email}) sera anonymisé : nom, e-mail, téléphone, identifiants, ` +
          'messages, textes et fichiers des interventions, appareils et justificatifs seront effacés et le client ne ' +
          'pourra plus se connecter. Ses factures sont conservées 10 ans (obligation comptable). Cette action est ' +
          'irréversible.'
        }
      />
      {refusing && <RefuseDialog request={r} open={refusing} onOpenChange={setRefusing} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={runValidate}
        title="Valider cette inscription ?"
        confirmLabel="Valider et créer le compte"
        description={`Un compte client sera créé pour ${r.name} (${r.email}) et ses identifiants lui seront envoyés par e-mail.`}
      />
      <Dialog
        open={!!validated}
        onOpenChange={(open) => !open && setValidated(null)}
        title={`Compte créé pour ${r.name}`}
      >
        {validated && (
          <div className="space-y-4">
            <CredentialsPanel credentials={validated.credentials} />
            <div className="flex justify-end">
              <Button onClick={() => setValidated(null)}>Terminé</Button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}

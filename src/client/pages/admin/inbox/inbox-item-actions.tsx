import { useState } from 'react';
import { Ban, Check, ShoppingCart, UserPlus, UserX, X } from 'lucide-react';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import type { OrderInput } from '#shared/orders/order-input.ts';
import { isErasedEmail } from '#shared/clients/erased-account.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { RefuseDialog } from './refuse-dialog.tsx';
import { ConfirmErasureDialog, ConfirmValidationDialog, ValidatedAccountDialog } from './inbox-item-dialogs.tsx';
import { useInboxItemActions } from './use-inbox-item-actions.ts';
import { NewOrderDialog } from '#client/pages/admin/orders/order-form-dialog.tsx';

/** The order of a validated registration starts with what the person wrote: name, e-mail, phone, the plan chosen. */
const orderOf = (r: InboxItemDto): Partial<OrderInput> => ({
  clientName: r.name,
  clientEmail: r.email,
  clientPhone: r.phone ?? '',
  ...(r.planId ? { plan: r.planId } : {}),
});

/** The buttons under an inbox item, by its kind and status, and the dialogs they open. */
export function InboxItemActions({ request: r }: { request: InboxItemDto }) {
  const actions = useInboxItemActions(r);
  const { busy, setStatus } = actions;
  // Erasing a client is an admin's decision (the server refuses it to a technician): a technician is told who does it.
  const canErase = useStaffSession().data?.role === 'admin';
  const [confirming, setConfirming] = useState(false);
  const [confirmingErasure, setConfirmingErasure] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [ordering, setOrdering] = useState(false);

  // Once erased or refused there is nothing left to answer: the request is a record of what was done.
  if (r.erasedAt || (r.kind === 'erasure' && r.refusalReason)) return null;
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
          {actions.erasing ? 'Effacement...' : 'Confirmer l’effacement'}
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
          {actions.validating ? 'Création...' : 'Valider et créer le compte'}
        </Button>
      )}
      {r.kind === 'registration' && r.status === 'pending' && (
        <Button size="sm" variant="secondary" onClick={() => setRefusing(true)} disabled={busy}>
          <Ban aria-hidden="true" className="h-4 w-4" /> Refuser
        </Button>
      )}
      {/* Validated: the account exists, its order is the next step (it joins the account by its e-mail); an erased
          person's registration keeps its account number but no e-mail to order with. */}
      {r.kind === 'registration' && r.clientId !== null && !isErasedEmail(r.email) && (
        <Button size="sm" variant="secondary" onClick={() => setOrdering(true)} disabled={busy}>
          <ShoppingCart aria-hidden="true" className="h-4 w-4" /> Créer sa commande
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
      <ConfirmErasureDialog
        request={r}
        open={confirmingErasure}
        onOpenChange={setConfirmingErasure}
        onConfirm={actions.runErase}
      />
      {refusing && <RefuseDialog request={r} open={refusing} onOpenChange={setRefusing} />}
      <ConfirmValidationDialog
        request={r}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={actions.runValidate}
      />
      <ValidatedAccountDialog
        name={r.name}
        validated={actions.validated}
        onClose={actions.clearValidated}
        onOrder={() => {
          actions.clearValidated();
          setOrdering(true);
        }}
      />
      {ordering && <NewOrderDialog open={ordering} onOpenChange={setOrdering} prefill={orderOf(r)} />}
    </div>
  );
}

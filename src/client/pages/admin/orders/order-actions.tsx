import { useState, type ReactNode } from 'react';
import { Ban, Check, Clock, FileDown, Pencil, ReceiptText, X } from 'lucide-react';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import type { PaymentStatus } from '#shared/billing/payment-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { NotesEditor } from '#client/pages/admin/common/notes-editor.tsx';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { useOrderActions } from './use-order-actions.ts';

const STATUS_ACTIONS: Array<{ status: PaymentStatus; label: string; Icon: typeof Check }> = [
  { status: 'paid', label: 'Marquer payé', Icon: Check },
  { status: 'pending', label: 'Marquer en attente', Icon: Clock },
  { status: 'failed', label: 'Marquer échoué', Icon: X },
];

/**
 * PDF, payment status and notes; `extra` ends the same row (the card's « Historique » toggle). Once invoiced, an
 * order's status no longer moves by hand: « Établir un avoir » cancels or refunds it (a gifted one: « Annuler »).
 */
export function OrderActions({ order, extra }: { order: OrderDto & OrderDocuments; extra?: ReactNode }) {
  const { invoice, downloadPdf, downloading, setStatus, saveNotes, saving, editingNotes, setEditingNotes } =
    useOrderActions(order);
  const [crediting, setCrediting] = useState(false);
  // Marking an order paid issues its invoice, numbered without gaps and e-mailed: asked first, as only a credit note
  // would undo a misclick.
  const [confirmingPaid, setConfirmingPaid] = useState(false);
  const creditable = Number(order.creditable ?? 0) > 0;
  const giftedOpen = invoice && !creditable && order.paymentStatus === 'paid';

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {invoice && (
          <Button size="sm" onClick={() => void downloadPdf()} disabled={downloading}>
            <FileDown aria-hidden="true" className="h-4 w-4" /> {downloading ? 'Génération...' : 'Télécharger PDF'}
          </Button>
        )}
        {!invoice &&
          STATUS_ACTIONS.filter((a) => a.status !== order.paymentStatus).map(({ status, label, Icon }) => (
            <Button
              key={status}
              size="sm"
              variant="secondary"
              onClick={() => (status === 'paid' ? setConfirmingPaid(true) : setStatus(status))}
              disabled={saving}
            >
              <Icon aria-hidden="true" className="h-4 w-4" /> {label}
            </Button>
          ))}
        {invoice && creditable && (
          <Button size="sm" variant="secondary" onClick={() => setCrediting(true)}>
            <ReceiptText aria-hidden="true" className="h-4 w-4" /> Établir un avoir
          </Button>
        )}
        {giftedOpen && (
          <Button size="sm" variant="secondary" onClick={() => setStatus('cancelled')} disabled={saving}>
            <Ban aria-hidden="true" className="h-4 w-4" /> Annuler (avoir)
          </Button>
        )}
        {!editingNotes && (
          <Button size="sm" variant="ghost" onClick={() => setEditingNotes(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" /> {order.notes ? 'Modifier les notes' : 'Ajouter une note'}
          </Button>
        )}
        {extra}
      </div>
      <ConfirmDialog
        open={confirmingPaid}
        onOpenChange={setConfirmingPaid}
        title={`Marquer payée la commande n° ${order.id} ?`}
        description={`Sa facture est émise et envoyée à ${order.clientEmail}. Une facture émise ne se retire pas : seul un avoir l’annule.`}
        confirmLabel="Marquer payé et facturer"
        onConfirm={() => setStatus('paid')}
      />
      {/* keyed by the remainder: after a partial credit note the form starts again from what is left */}
      {invoice && creditable && (
        <CreditNoteDialog key={order.creditable} order={order} open={crediting} onOpenChange={setCrediting} />
      )}
      {editingNotes && (
        <NotesEditor
          label={`Notes de la commande n° ${order.id}`}
          initial={order.notes}
          pending={saving}
          onSave={saveNotes}
          onCancel={() => setEditingNotes(false)}
        />
      )}
    </div>
  );
}

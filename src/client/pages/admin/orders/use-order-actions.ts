import { useState } from 'react';
import type { OrderDto } from '#shared/orders/order-api.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#shared/billing/payment-labels.ts';
import { notify } from '#client/lib/notify.tsx';
import { downloadFile } from '#client/pages/admin/api/save-blob.ts';
import { useUpdateOrder } from './order-mutations.ts';

/** What an order's buttons do (PDF, payment status, notes), each telling its outcome in a toast. */
export function useOrderActions(order: OrderDto & OrderDocuments) {
  const update = useUpdateOrder(order.id);
  const [editingNotes, setEditingNotes] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const invoice = order.documents.find((d) => d.kind === 'invoice');

  async function downloadPdf() {
    if (!invoice) return;
    setDownloading(true);
    try {
      await downloadFile(
        `/api/admin/manual-orders/${order.id}/receipt`,
        `Facture_${invoice.number}_${order.clientName}.pdf`,
      );
      notify('success', 'PDF généré', `Facture n° ${invoice.number} de ${order.clientName}`);
    } catch (error) {
      notify('error', 'Impossible de générer le PDF', error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(false);
    }
  }

  function setStatus(status: PaymentStatus) {
    update.mutate(
      { paymentStatus: status },
      {
        onSuccess: () => notify('success', 'Commande mise à jour', `Statut : ${PAYMENT_STATUS_LABELS[status]}`),
        onError: (error) => notify('error', 'Impossible de modifier la commande', error.message),
      },
    );
  }

  function saveNotes(notes: string) {
    update.mutate(
      { notes },
      {
        onSuccess: () => {
          setEditingNotes(false);
          notify('success', 'Notes enregistrées');
        },
        onError: (error) => notify('error', 'Impossible d’enregistrer les notes', error.message),
      },
    );
  }

  return {
    invoice,
    downloadPdf,
    downloading,
    setStatus,
    saveNotes,
    saving: update.isPending,
    editingNotes,
    setEditingNotes,
  };
}

import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderDto } from '#shared/orders/order-api.ts';
import { formatEuro } from '#shared/format.ts';
import {
  creditNoteFormSchema,
  type CreditNoteInput,
  type CreditNoteValues,
  type OrderDocuments,
} from '#shared/billing/invoice-api.ts';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useIssueCreditNote } from './order-mutations.ts';

const FIELDS = ['amount', 'reason', 'refund'] as const;
const typed = (amount: string) => amount.replace('.', ',');

/**
 * The credit note form: it starts at all that is left to credit, is checked against that remainder, and on success
 * closes the dialog and tells the note's number (and the provider's refund, if any).
 */
export function useCreditNoteForm(order: OrderDto & OrderDocuments, onOpenChange: (open: boolean) => void) {
  const remaining = order.creditable ?? '0.00';
  const invoice = order.documents.find((d) => d.kind === 'invoice');
  const issue = useIssueCreditNote(order.id);
  const schema = useMemo(() => creditNoteFormSchema(remaining), [remaining]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreditNoteInput, unknown, CreditNoteValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: typed(remaining), reason: '', refund: false },
  });

  const onSubmit = handleSubmit((values) =>
    issue.mutate(values, {
      onSuccess: (updated) => {
        const note = updated.documents.filter((d) => d.kind === 'credit_note').at(-1);
        reset();
        onOpenChange(false);
        const refunded = note?.refund ? ` ; remboursement Stripe ${note.refund.id}` : '';
        notify(
          'success',
          `Avoir ${note?.number ?? ''} établi`,
          `${formatEuro(values.amount)} sur la facture n° ${invoice?.number ?? ''}${refunded}`,
        );
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS))
          notify('error', 'Impossible d’établir l’avoir', serverMessage(error, 'Veuillez réessayer.'));
      },
    }),
  );

  return { register, errors, onSubmit, pending: issue.isPending, remaining, invoice };
}

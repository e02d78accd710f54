import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderDto } from '../../../../shared/admin-api';
import { formatEuro } from '../../../../shared/format';
import { creditNoteFormSchema, type CreditNoteInput, type CreditNoteValues, type OrderDocuments } from '../../../../shared/invoice-api';
import { serverMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useIssueCreditNote } from './order-mutations';

const FIELDS = ['amount', 'reason'] as const;
const typed = (amount: string) => amount.replace('.', ',');

/**
 * « Établir un avoir »: a credit note on the order's invoice, for all of what is left (the default: the order is then
 * cancelled) or a part (a partial refund). The issued invoice itself never changes.
 */
export function CreditNoteDialog({ order, open, onOpenChange }: {
  order: OrderDto & OrderDocuments; open: boolean; onOpenChange(open: boolean): void;
}) {
  const remaining = order.creditable ?? '0.00';
  const invoice = order.documents.find((d) => d.kind === 'invoice');
  const issue = useIssueCreditNote(order.id);
  const schema = useMemo(() => creditNoteFormSchema(remaining), [remaining]);
  const { register, handleSubmit, setError, reset, formState: { errors } } = useForm<CreditNoteInput, unknown, CreditNoteValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: typed(remaining), reason: '' },
  });


  const onSubmit = handleSubmit((values) => issue.mutate(values, {
    onSuccess: (updated) => {
      const note = updated.documents.filter((d) => d.kind === 'credit_note').at(-1);
      reset();
      onOpenChange(false);
      notify('success', `Avoir ${note?.number ?? ''} établi`, `${formatEuro(values.amount)} sur la facture n° ${invoice?.number ?? ''}`);
    },
    onError: (error) => {
      if (!applyFieldErrors(error, setError, FIELDS)) notify('error', 'Impossible d’établir l’avoir', serverMessage(error, 'Veuillez réessayer.'));
    },
  }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Établir un avoir sur la facture n° ${invoice?.number ?? ''}`}
      description={`Reste à créditer : ${formatEuro(remaining)}. Pour tout le montant, la commande est annulée ; pour une partie, c’est un remboursement partiel.`}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField label="Montant de l’avoir (€ TTC)" inputMode="decimal" autoComplete="off" autoFocus
          hint={`Au plus ${formatEuro(remaining)}`} error={errors.amount?.message} {...register('amount')} />
        <TextField label="Motif (imprimé sur l’avoir)" maxLength={200} autoComplete="off"
          hint="Par exemple : « Annulation à la demande du client » ou « Geste commercial »"
          error={errors.reason?.message} {...register('reason')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>Annuler</Button>
          <Button type="submit" variant="danger" disabled={issue.isPending}>{issue.isPending ? 'Émission...' : 'Émettre l’avoir'}</Button>
        </div>
      </form>
    </Dialog>
  );
}

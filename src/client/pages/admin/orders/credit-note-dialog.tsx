import type { OrderDto } from '#shared/orders/order-api.ts';
import { formatEuro } from '#shared/format.ts';
import type { OrderDocuments } from '#shared/billing/invoice-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { useCreditNoteForm } from './use-credit-note-form.ts';

/**
 * « Établir un avoir »: a credit note on the order's invoice, for all of what is left (the default: the order is then
 * cancelled) or a part (a partial refund). The issued invoice itself never changes.
 */
export function CreditNoteDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDto & OrderDocuments;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { register, errors, onSubmit, pending, remaining, invoice } = useCreditNoteForm(order, onOpenChange);
  // Only a card payment made online can be given back through the provider.
  const paidOnline = order.paymentMethod === 'carte_en_ligne';

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Établir un avoir sur la facture n° ${invoice?.number ?? ''}`}
      description={`Reste à créditer : ${formatEuro(remaining)}. Pour tout le montant, la commande est annulée ; pour une partie, c’est un remboursement partiel.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Montant de l’avoir (€ TTC)"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          hint={`Au plus ${formatEuro(remaining)}`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField
          label="Motif (imprimé sur l’avoir)"
          maxLength={200}
          autoComplete="off"
          hint="Par exemple : « Annulation à la demande du client » ou « Geste commercial »"
          error={errors.reason?.message}
          {...register('reason')}
        />
        {paidOnline && (
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand-600"
                aria-describedby="refund-hint"
                {...register('refund')}
              />
              Rembourser la carte via Stripe
            </label>
            <p id="refund-hint" className="mt-1 text-sm text-slate-600">
              Le montant de l’avoir est rendu sur la carte du client ; si Stripe refuse, aucun avoir n’est établi.
            </p>
            {errors.refund?.message && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.refund.message}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? 'Émission...' : 'Émettre l’avoir'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

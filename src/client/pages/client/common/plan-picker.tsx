import { useId, useState } from 'react';
import { PLANS, devicesLabel, interventionsLabel, type PlanId } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { cn } from '#client/components/ui/cn.ts';
import { useOnlinePayment } from '#client/pages/client/payments/pay-online.tsx';
import { OrderConsentBoxes, useConsentBoxes } from '#client/components/order/order-consent-boxes.tsx';
import type { OrderConsentInput } from '#shared/orders/order-consent.ts';

type PlanPickerProps = {
  /** preselected: the plan the client has or had (choosing it again reads « Renouveler ») */
  initial?: PlanId;
  pending: boolean;
  onChoose(planId: PlanId, consent: OrderConsentInput): void;
  onCancel?(): void;
};

/** The catalogue as a list of radio cards (one tap on a whole card on a phone), then one button to order. */
export function PlanPicker({ initial, pending, onChoose, onCancel }: PlanPickerProps) {
  // The preselection may arrive after the first render (the order list loads on its own).
  const [picked, setChosen] = useState<PlanId>();
  const chosen = picked ?? initial;
  const name = useId();
  const plan = PLANS.find((p) => p.id === chosen);
  const online = useOnlinePayment();
  const consent = useConsentBoxes();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen && consent.check()) onChoose(chosen, consent.values);
      }}
    >
      <fieldset>
        <legend className="sr-only">Formule</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {PLANS.map((p) => (
            <label
              key={p.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl border bg-white p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                chosen === p.id ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-300 hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={p.id}
                checked={chosen === p.id}
                onChange={() => setChosen(p.id)}
                className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{p.name}</span>
                <span className="block text-slate-800">
                  {formatEuro(p.price)} pour {p.durationText}
                </span>
                <span className="mt-1 block text-sm text-slate-600">
                  Interventions : {interventionsLabel(p).toLowerCase()} · {devicesLabel(p.maxDevices)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-4 text-sm text-slate-700">
        {online
          ? 'Une fois la commande passée, réglez-la en ligne par carte bancaire (ou notre équipe vous contacte), puis votre abonnement démarre'
          : 'Pas de paiement en ligne : notre équipe vous contacte pour le règlement, puis votre abonnement démarre'}{' '}
        (le lendemain de la fin de l’abonnement en cours, s’il y en a un).
      </p>
      <div className="mt-4">
        <OrderConsentBoxes accept={consent.accept} express={consent.express} error={consent.error} />
      </div>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
        )}
        <SubmitButton disabled={!chosen || pending}>
          {pending
            ? 'Envoi...'
            : !plan
              ? 'Choisissez une formule'
              : plan.id === initial
                ? `Renouveler la formule ${plan.name}`
                : `Commander la formule ${plan.name}`}
        </SubmitButton>
      </div>
    </form>
  );
}

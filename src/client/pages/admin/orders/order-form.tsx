import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Wand2 } from 'lucide-react';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import { formatEuro, todayIso } from '#shared/format.ts';
import {
  isGifted,
  PAYMENT_METHOD_LABELS,
  ORDER_ENTRY_METHODS,
  PAYMENT_STATUS_LABELS,
  ORDER_ENTRY_STATUSES,
} from '#shared/billing/payment-labels.ts';
import { PLANS, getPlan } from '#shared/plans.ts';
import { orderInputSchema, type OrderInput, type OrderValues } from '#shared/orders/order-input.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/security/password-rules.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { CLIENT_READS_NOTES } from '#client/pages/admin/common/notes-editor.tsx';
import { ApiRequestError } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { newIdempotencyKey, suggestCredentials, useCreateOrder } from './order-mutations.ts';

// The defaults of docs/specification.md §5; the date is read at each reset so a dialog left open past midnight
// still proposes today.
const defaults = (): OrderInput => ({
  clientName: '',
  clientEmail: '',
  clientPhone: '',
  username: '',
  password: '',
  updatePassword: false,
  plan: 'basique',
  paymentMethod: 'carte',
  paymentStatus: 'paid',
  orderDate: todayIso(),
  notes: '',
});

const planOptions = PLANS.map((p) => ({
  value: p.id,
  label: `${p.name} — ${formatEuro(p.price)} / ${p.durationText}`,
}));
const methodOptions = ORDER_ENTRY_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const statusOptions = ORDER_ENTRY_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }));
const FIELDS = Object.keys(defaults()) as Array<keyof OrderInput>;

type Form = UseFormReturn<OrderInput, unknown, OrderValues>;

type Props = {
  onCreated(result: OrderCreated): void;
  onCancel(): void;
  /** fields already known (a registration just validated), over the defaults */
  prefill?: Partial<OrderInput>;
};

export function OrderForm({ onCreated, onCancel, prefill }: Props) {
  const form = useForm<OrderInput, unknown, OrderValues>({
    resolver: zodResolver(orderInputSchema),
    defaultValues: { ...defaults(), ...prefill },
  });
  const { handleSubmit, control } = form;
  const { submit, pending } = useOrderSubmit(form, onCreated);
  const [plan, method] = useWatch({ control, name: ['plan', 'paymentMethod'] });
  const gifted = isGifted({ paymentMethod: method });
  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-5">
      <ClientFields form={form} />
      <AccessFields form={form} />
      <PaymentFields form={form} />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p aria-live="polite" className="text-lg font-bold text-slate-900" data-testid="order-price">
          {gifted ? <span className="text-purple-800">OFFERT</span> : `Prix : ${formatEuro(getPlan(plan).price)}`}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Création...' : 'Créer la commande'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Sends the order once per filling-in (its idempotency key), then says what happened in the spec's words. */
function useOrderSubmit(form: Form, onCreated: (result: OrderCreated) => void) {
  const create = useCreateOrder();
  // One key per order being filled in: a second click or a retry after a lost answer cannot make a second order.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const submit = (values: OrderValues) =>
    create.mutate(
      { input: values, key: idempotencyKey },
      {
        onSuccess: (result) => {
          setIdempotencyKey(newIdempotencyKey());
          // An existing client keeps their access unless staff ticked the box: say so, or typed credentials look issued.
          const kept =
            !result.credentials && values.password !== '' ? ' — client existant, identifiants inchangés' : '';
          if (result.replayed) {
            // An earlier send had made it (its answer was lost): its credentials were e-mailed then.
            notify(
              'info',
              'Commande déjà créée',
              `Commande n° ${result.id} : un envoi précédent l’avait enregistrée ; les identifiants ont été envoyés au client par e-mail.`,
            );
          } else {
            notify('success', 'Commande créée', `Commande n° ${result.id}${kept}`);
          }
          form.reset(defaults());
          onCreated(result);
        },
        onError: (error) => {
          // The order was made by an earlier send of this form, then the form changed: the next one is a new order.
          if (error instanceof ApiRequestError && error.code === 'IDEMPOTENCY_MISMATCH') {
            setIdempotencyKey(newIdempotencyKey());
          }
          // The server validates with the same schema: its field messages go under the fields, typed values stay.
          applyFieldErrors(error, form.setError, FIELDS);
          notify('error', 'Impossible de créer la commande', error.message);
        },
      },
    );
  return { submit, pending: create.isPending };
}

function ClientFields({ form: { register, formState } }: { form: Form }) {
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Nom du client"
        autoComplete="off"
        required
        error={errors.clientName?.message}
        {...register('clientName')}
      />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        error={errors.clientEmail?.message}
        {...register('clientEmail')}
      />
      <TextField
        label="Téléphone"
        type="tel"
        autoComplete="off"
        error={errors.clientPhone?.message}
        {...register('clientPhone')}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** « Accès à l’espace client »: credentials typed or generated from the client's name. */
function AccessFields({ form }: { form: Form }) {
  const { register, getValues, setValue, setError, setFocus, formState } = form;
  const { errors } = formState;
  const [generating, setGenerating] = useState(false);
  async function generate() {
    const name = getValues('clientName').trim();
    if (!name) {
      setError('clientName', { type: 'manual', message: 'Saisissez le nom du client pour générer ses identifiants' });
      setFocus('clientName');
      return;
    }
    setGenerating(true);
    try {
      const suggestion = await suggestCredentials(name);
      setValue('username', suggestion.username, { shouldValidate: true, shouldDirty: true });
      setValue('password', suggestion.password, { shouldValidate: true, shouldDirty: true });
    } catch (error) {
      notify('error', 'Impossible de générer les identifiants', error instanceof Error ? error.message : undefined);
    } finally {
      setGenerating(false);
    }
  }
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Accès à l’espace client</legend>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <TextField
          label="Nom d'utilisateur"
          autoComplete="off"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Mot de passe"
          autoComplete="new-password"
          spellCheck={false}
          className="[&_input]:font-mono"
          hint={`Vide : un mot de passe est généré. Sinon, ${PASSWORD_MIN_LENGTH} caractères au moins.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button variant="secondary" onClick={() => void generate()} disabled={generating} className="sm:mt-7">
          <Wand2 aria-hidden="true" className="h-4 w-4" /> {generating ? 'Génération...' : 'Générer'}
        </Button>
      </div>
      <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...register('updatePassword')} />
        Remplacer le mot de passe si le client existe déjà
      </label>
    </fieldset>
  );
}

function PaymentFields({ form: { register, formState } }: { form: Form }) {
  const { errors } = formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Plan" options={planOptions} error={errors.plan?.message} {...register('plan')} />
      <SelectField
        label="Moyen de paiement"
        options={methodOptions}
        error={errors.paymentMethod?.message}
        {...register('paymentMethod')}
      />
      <SelectField
        label="Statut"
        options={statusOptions}
        error={errors.paymentStatus?.message}
        {...register('paymentStatus')}
      />
      <TextField label="Date" type="date" required error={errors.orderDate?.message} {...register('orderDate')} />
      <TextAreaField
        label="Notes"
        hint={CLIENT_READS_NOTES}
        rows={3}
        error={errors.notes?.message}
        {...register('notes')}
        className="sm:col-span-2"
      />
    </div>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '#client/lib/router.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { api, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { registrationInputSchema, type Registration, type RegistrationInput } from '#shared/inbox/registration.ts';
import { REGISTRATION_DEVICE_LABELS, REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { PLANS, type Plan } from '#shared/plans.ts';
import { pricePerPeriod } from './selected-plan-card.tsx';
import { OrderConsentBoxes } from '#client/components/order/order-consent-boxes.tsx';
import { DataNotice } from '#client/components/privacy/data-notice.tsx';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'planId', 'deviceType', 'deviceInfo', 'acceptCgv'] as const;
const DEVICE_OPTIONS = REGISTRATION_DEVICE_TYPES.map((value) => ({ value, label: REGISTRATION_DEVICE_LABELS[value] }));
const PLAN_OPTIONS = PLANS.map((p) => ({ value: p.id, label: `${p.name} – ${pricePerPeriod(p)}` }));

/** The registration form: the server's schema checks it on submit; server field errors land under their field. */
export function RegisterForm({ plan }: { plan: Plan | undefined }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationInputSchema),
    // Only the plan: with no default, a field keeps what the visitor typed before the page finished loading.
    defaultValues: { planId: plan?.id, acceptCgv: false, expressStart: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/register', { method: 'POST', json: values });
      void navigate('/register-success');
    } catch (error) {
      // Typed values stay in place: only errors are added.
      applyFieldErrors(error, setError, FIELDS);
      // The server's French message when it sent one; the wrapper's "500: Internal Server Error" is not for people.
      const message = serverMessage(error, "Erreur lors de l'inscription");
      notify('error', "Erreur d'inscription", message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="form-titre" className="space-y-5">
      <h2 id="form-titre" className="text-lg font-semibold text-slate-900">
        Vos coordonnées
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Prénom"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField label="Nom" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="Vos identifiants et les modalités de paiement seront envoyés à cette adresse."
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Téléphone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="06 12 34 56 78"
        error={errors.phone?.message}
        {...register('phone')}
      />

      {!plan && (
        <SelectField
          label="Abonnement"
          options={PLAN_OPTIONS}
          placeholder="Choisissez un abonnement"
          error={errors.planId?.message}
          {...register('planId')}
        />
      )}

      <h2 className="pt-2 text-lg font-semibold text-slate-900">Votre appareil</h2>
      <SelectField
        label="Type d'appareil"
        options={DEVICE_OPTIONS}
        placeholder="Choisissez le type d’appareil"
        error={errors.deviceType?.message}
        {...register('deviceType')}
      />
      <TextAreaField
        label="Description de l'appareil"
        hint="Marque, modèle, année, système (Windows 11, macOS…)."
        placeholder="Ex. : ordinateur portable HP Pavilion 15, acheté en 2021, Windows 11"
        error={errors.deviceInfo?.message}
        {...register('deviceInfo')}
      />
      {/* A plan chosen on the landing page travels with the form even though no control shows it. */}
      {plan && errors.planId && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.planId.message}
        </p>
      )}

      <OrderConsentBoxes
        accept={register('acceptCgv')}
        express={register('expressStart')}
        error={errors.acceptCgv?.message}
      />

      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Inscription en cours...' : "Finaliser l'inscription"}
      </Button>
      <DataNotice>
        Vos coordonnées et la description de votre appareil servent à étudier votre inscription, créer votre compte et
        vous assister. Nous les gardons {durationLabel(RETENTION.account)} après la fin de votre dernier abonnement, ou{' '}
        {durationLabel(RETENTION.registrations)} après la demande si l’inscription n’aboutit pas.
      </DataNotice>
    </form>
  );
}

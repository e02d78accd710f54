import { SubmitButton } from '#client/components/ui/button.tsx';
import { SelectField, TextAreaField } from '#client/components/ui/field.tsx';
import { REGISTRATION_DEVICE_LABELS, REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { PLANS, type Plan } from '#shared/plans.ts';
import { pricePerPeriod } from './selected-plan-card.tsx';
import { OrderConsentBoxes } from '#client/components/order/order-consent-boxes.tsx';
import { DataNotice } from '#client/components/privacy/data-notice.tsx';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { RegisterContactFields, registerContactFields } from './register-contact-fields.tsx';
import { useRegisterForm } from './use-register-form.ts';

const DEVICE_OPTIONS = REGISTRATION_DEVICE_TYPES.map((value) => ({ value, label: REGISTRATION_DEVICE_LABELS[value] }));
const PLAN_OPTIONS = PLANS.map((p) => ({ value: p.id, label: `${p.name} – ${pricePerPeriod(p)}` }));

/** The registration form: the server's schema checks it on submit; server field errors land under their field. */
export function RegisterForm({ plan }: { plan: Plan | undefined }) {
  const { form, onSubmit } = useRegisterForm(plan);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const contactFields = registerContactFields(register);

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="form-titre" className="space-y-5">
      <h2 id="form-titre" className="text-lg font-semibold text-slate-900">
        Vos coordonnées
      </h2>
      <RegisterContactFields fields={contactFields} errors={errors} />

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

      <SubmitButton size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Inscription en cours...' : "Finaliser l'inscription"}
      </SubmitButton>
      <DataNotice>
        Vos coordonnées et la description de votre appareil servent à étudier votre inscription, créer votre compte et
        vous assister. Nous les gardons {durationLabel(RETENTION.account)} après la fin de votre dernier abonnement, ou{' '}
        {durationLabel(RETENTION.registrations)} après la demande si l’inscription n’aboutit pas.
      </DataNotice>
    </form>
  );
}

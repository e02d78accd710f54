import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';
import { WITHDRAWAL_DAYS } from '#shared/orders/withdrawal-form.ts';
import { orderConsentSchema } from '#shared/orders/order-consent.ts';

type BoxProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: string };

/** One box with its label beside it (a 44 px target on a phone), its hint and its error under it. */
const ConsentBox = forwardRef<HTMLInputElement, BoxProps>(function ConsentBox({ label, hint, error, ...props }, ref) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className="mt-0.5 h-6 w-6 shrink-0 accent-brand-600"
          {...props}
        />
        <label htmlFor={id} className="min-h-11 text-sm text-slate-800">
          {label}
        </label>
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="ml-9 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="ml-9 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };

/**
 * The two boxes of every order a client makes (docs/decisions/041), both unticked: the CGV accepted (required), and
 * the express request to start before the withdrawal period ends (optional). Given react-hook-form's register() or
 * useConsentBoxes()'s props.
 */
export function OrderConsentBoxes({
  accept,
  express,
  error,
}: {
  accept: InputProps;
  express: InputProps;
  error?: string;
}) {
  const { ref: acceptRef, ...acceptProps } = accept;
  const { ref: expressRef, ...expressProps } = express;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="order-consent">
      <legend className="sr-only">Conditions de votre commande</legend>
      <ConsentBox
        ref={acceptRef}
        {...acceptProps}
        error={error}
        label={
          <>
            J’ai lu et j’accepte les{' '}
            <a href="/cgv" target="_blank" rel="noopener" className="font-medium text-brand-700 underline">
              conditions générales de vente
            </a>{' '}
            (version du {CURRENT_CGV.label}).
          </>
        }
      />
      <ConsentBox
        ref={expressRef}
        {...expressProps}
        label={`Je demande que l’assistance commence dès le paiement, avant la fin du délai de rétractation de ${WITHDRAWAL_DAYS} jours.`}
        hint={`Facultatif. Vous gardez le droit de vous rétracter pendant ${WITHDRAWAL_DAYS} jours : avec cette demande, la part de l’abonnement déjà écoulée reste due ; sans elle, tout vous est remboursé.`}
      />
    </fieldset>
  );
}

/** The boxes' state where no form library holds it (the plan picker, the renewal dialog). */
export function useConsentBoxes() {
  const [acceptCgv, setAccept] = useState(false);
  const [expressStart, setExpress] = useState(false);
  const [error, setError] = useState<string>();
  return {
    values: { acceptCgv, expressStart },
    error,
    accept: {
      checked: acceptCgv,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        setAccept(e.target.checked);
        if (e.target.checked) setError(undefined);
      },
    },
    express: {
      checked: expressStart,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => setExpress(e.target.checked),
    },
    /** true when the order may go; otherwise shows the box's message */
    check(): boolean {
      const parsed = orderConsentSchema.safeParse({ acceptCgv, expressStart });
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return parsed.success;
    },
  };
}

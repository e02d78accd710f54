import { Link } from '#client/lib/router.ts';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { PASSWORD_HINT } from './new-password.ts';
import type { useLinkPasswordForm } from './use-link-password-form.ts';

/** The full-width button of an AuthCard form: off until the page can run the form, then while it is sent. */
export function AuthSubmit({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: string;
}) {
  return (
    <SubmitButton size="lg" className="w-full" disabled={pending}>
      {pending ? pendingLabel : children}
    </SubmitButton>
  );
}

/** Under the password pages: back to the client sign-in. */
export function BackToSignIn() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/client/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
        Retour à la connexion
      </Link>
    </p>
  );
}

/** The form of a page opened from an e-mailed link (useLinkPasswordForm): the new password twice, then « Enregistrer ». */
export function LinkPasswordForm({
  form,
  confirmLabel,
}: {
  form: ReturnType<typeof useLinkPasswordForm>;
  confirmLabel: string;
}) {
  const { register, errors, onSubmit, isSubmitting } = form;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <AuthSubmit pending={isSubmitting} pendingLabel="Enregistrement...">
        Enregistrer
      </AuthSubmit>
    </form>
  );
}

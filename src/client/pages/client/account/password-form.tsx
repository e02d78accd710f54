import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInputSchema } from '#shared/clients/client-api.ts';
import { passwordWeakness } from '#shared/security/password-rules.ts';
import type { z } from '#shared/common/zod.ts';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { SubmitButton } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { useChangePassword } from '#client/pages/client/api/account-mutations.ts';
import { PASSWORD_HINT, checkConfirmation, confirmPassword } from '#client/components/auth/new-password.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The shared rule, the confirmation, and the weakness check the server also makes (it knows the username too). */
function passwordChangeForm(email: string) {
  return changePasswordInputSchema.extend({ confirmPassword }).superRefine((value, ctx) => {
    checkConfirmation(value, ctx);
    const weakness = passwordWeakness(value.newPassword, { email });
    if (weakness) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: weakness });
  });
}
type PasswordChange = z.input<ReturnType<typeof passwordChangeForm>>;

/** « Changer mon mot de passe »: the current one, the new one twice. Other devices are signed out by the server. */
export function PasswordForm({ email }: { email: string }) {
  const schema = useMemo(() => passwordChangeForm(email), [email]);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChange>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          notify(
            'success',
            'Mot de passe modifié',
            'Vos autres appareils devront se reconnecter avec le nouveau mot de passe.',
          );
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, FIELDS))
            notify(
              'error',
              'Erreur',
              serverMessage(error, 'Impossible de modifier le mot de passe. Veuillez réessayer.'),
            );
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="mot-de-passe-titre">
      {/* Lets password managers attach the new password to the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="Confirmez le nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton className="w-full sm:w-auto" disabled={change.isPending}>
        {change.isPending ? 'Enregistrement...' : 'Changer mon mot de passe'}
      </SubmitButton>
    </form>
  );
}

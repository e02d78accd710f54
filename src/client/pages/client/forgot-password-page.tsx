import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { FORGOT_PASSWORD_SENT, forgotPasswordInputSchema } from '#shared/clients/client-api.ts';
import type { z } from '#shared/common/zod.ts';
import { api, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { AuthSubmit, BackToSignIn } from '#client/components/auth/auth-form-parts.tsx';

type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** /forgot-password: asks for a reset link by e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/auth/forgot-password', { method: 'POST', json: values });
      setSentTo(values.email.trim());
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['email']))
        notify('error', 'Erreur', serverMessage(error, 'Impossible d’envoyer le lien. Veuillez réessayer.'));
    }
  });

  return (
    <AuthCard
      icon={<MailCheck aria-hidden="true" className="h-7 w-7" />}
      title="Mot de passe oublié"
      intro={
        sentTo
          ? undefined
          : 'Indiquez l’adresse e-mail ou l’identifiant de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.'
      }
    >
      {sentTo ? (
        <div className="space-y-4" role="status">
          <p className="rounded-lg bg-green-50 p-4 text-green-900">{FORGOT_PASSWORD_SENT}</p>
          <p className="text-sm text-slate-700">
            Pensez à regarder dans les courriers indésirables. Rien reçu après quelques minutes ?{' '}
            <button type="button" className="font-medium text-brand-700 underline" onClick={() => setSentTo(null)}>
              Réessayer
            </button>
          </p>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label="Adresse e-mail ou identifiant"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          <AuthSubmit pending={isSubmitting} pendingLabel="Envoi...">
            Recevoir le lien
          </AuthSubmit>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

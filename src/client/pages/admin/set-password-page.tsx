import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '../../lib/router';
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { STAFF_LINK_INVALID, staffSetPasswordInputSchema } from '../../../shared/schemas/team';
import type { z } from '../../../shared/schemas/zod';
import { ApiRequestError, api, serverMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useHydrated } from '../../lib/use-hydrated';
import { buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/auth/auth-card';
import { PASSWORD_HINT, checkConfirmation, confirmPassword } from '../../components/auth/new-password';
import { AuthSubmit } from '../../components/auth/auth-form-parts';

const formSchema = staffSetPasswordInputSchema.pick({ newPassword: true }).extend({ confirmPassword }).superRefine(checkConfirmation);
type SetPasswordForm = z.input<typeof formSchema>;

/** /admin/set-password?token=…: a staff member's link from the e-mail (new member or reset by an admin). */
export function StaffSetPasswordPage() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<SetPasswordForm>({ resolver: zodResolver(formSchema) });
  const linkBroken = hydrated && !token;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      const { username } = await api<{ username: string }>('/api/admin/set-password', { method: 'POST', json: { token, newPassword } });
      setDone(username);
    } catch (error) {
      if (error instanceof ApiRequestError && (error.code === 'LINK_INVALID' || !!error.fieldErrors?.token)) {
        setError('root.link', { type: 'server', message: STAFF_LINK_INVALID });
        return;
      }
      if (!applyFieldErrors(error, setError, ['newPassword'])) notify('error', 'Erreur', serverMessage(error, 'Impossible d’enregistrer le mot de passe. Veuillez réessayer.'));
    }
  });

  const invalid = linkBroken || !!errors.root?.link;
  return (
    <AuthCard icon={<KeyRound aria-hidden="true" className="h-7 w-7" />} title="Choisir mon mot de passe"
      intro={invalid || done ? undefined : 'Choisissez le mot de passe de votre compte de l’espace staff.'}>
      {done ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
            Mot de passe enregistré. Connectez-vous avec l’identifiant « {done} ».
          </p>
          <Link to="/admin" className={buttonClass('primary', 'md', 'w-full')}>Aller à l’espace staff</Link>
        </div>
      ) : invalid ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">{STAFF_LINK_INVALID}</p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="Nouveau mot de passe" type="password" autoComplete="new-password" hint={PASSWORD_HINT}
            error={errors.newPassword?.message} {...register('newPassword')} />
          <TextField label="Confirmez le mot de passe" type="password" autoComplete="new-password"
            error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <AuthSubmit pending={isSubmitting} pendingLabel="Enregistrement...">Enregistrer</AuthSubmit>
        </form>
      )}
    </AuthCard>
  );
}

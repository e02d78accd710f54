import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { STAFF_LINK_INVALID } from '../../../shared/schemas/team';
import { api } from '../../lib/api';
import { Link } from '../../lib/router';
import { buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/auth/auth-card';
import { AuthSubmit } from '../../components/auth/auth-form-parts';
import { PASSWORD_HINT } from '../../components/auth/new-password';
import { useLinkPasswordForm } from '../../components/auth/use-link-password-form';

/** /admin/set-password?token=…: a staff member's link from the e-mail (new member or reset by an admin). */
export function StaffSetPasswordPage() {
  const [done, setDone] = useState<string | null>(null);
  const { register, errors, onSubmit, isSubmitting, invalid } = useLinkPasswordForm({
    send: async ({ token, newPassword }) => {
      const { username } = await api<{ username: string }>('/api/admin/set-password', { method: 'POST', json: { token, newPassword } });
      setDone(username);
    },
    refusedCode: 'LINK_INVALID',
    refusedMessage: STAFF_LINK_INVALID,
    failure: 'Impossible d’enregistrer le mot de passe. Veuillez réessayer.',
  });

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

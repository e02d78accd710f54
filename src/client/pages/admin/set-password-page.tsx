import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { STAFF_LINK_INVALID } from '#shared/staff/staff-members.ts';
import { api } from '#client/lib/api.ts';
import { Link } from '#client/lib/router.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { LinkPasswordForm } from '#client/components/auth/auth-form-parts.tsx';
import { useLinkPasswordForm } from '#client/components/auth/use-link-password-form.ts';

/** /admin/set-password?token=…: a staff member's link from the e-mail (new member or reset by an admin). */
export function StaffSetPasswordPage() {
  const [done, setDone] = useState<string | null>(null);
  const form = useLinkPasswordForm({
    send: async ({ token, newPassword }) => {
      const { username } = await api<{ username: string }>('/api/admin/set-password', {
        method: 'POST',
        json: { token, newPassword },
      });
      setDone(username);
    },
    refusedCode: 'LINK_INVALID',
    refusedMessage: STAFF_LINK_INVALID,
    failure: 'Impossible d’enregistrer le mot de passe. Veuillez réessayer.',
  });
  const { invalid } = form;

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="h-7 w-7" />}
      title="Choisir mon mot de passe"
      intro={invalid || done ? undefined : 'Choisissez le mot de passe de votre compte de l’espace staff.'}
    >
      {done ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
            Mot de passe enregistré. Connectez-vous avec l’identifiant « {done} ».
          </p>
          <Link to="/admin" className={buttonClass('primary', 'md', 'w-full')}>
            Aller à l’espace staff
          </Link>
        </div>
      ) : invalid ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
          {STAFF_LINK_INVALID}
        </p>
      ) : (
        <LinkPasswordForm form={form} confirmLabel="Confirmez le mot de passe" />
      )}
    </AuthCard>
  );
}

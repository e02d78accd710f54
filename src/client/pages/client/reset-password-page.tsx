import { Link, useNavigate } from '#client/lib/router.ts';
import { KeyRound } from 'lucide-react';
import { RESET_LINK_INVALID } from '#shared/clients/client-api.ts';
import { api } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { useViewer } from '#client/lib/viewer.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { BackToSignIn, LinkPasswordForm } from '#client/components/auth/auth-form-parts.tsx';
import { useLinkPasswordForm } from '#client/components/auth/use-link-password-form.ts';

/** /reset-password?token=…: the link from the e-mail; a new password twice, then sign in with it. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const { setSignedIn } = useViewer();
  const form = useLinkPasswordForm({
    send: async ({ token, newPassword }) => {
      await api('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
      notify('success', 'Mot de passe modifié', 'Connectez-vous avec votre nouveau mot de passe.');
      void navigate('/client/login');
      // The new password ended every session of the account, this browser's too.
      setSignedIn(false);
    },
    refusedCode: 'RESET_LINK_INVALID',
    refusedMessage: RESET_LINK_INVALID,
    failure: 'Impossible de modifier le mot de passe. Veuillez réessayer.',
  });
  const { invalid } = form;

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="h-7 w-7" />}
      title="Nouveau mot de passe"
      intro={invalid ? undefined : 'Choisissez le mot de passe de votre espace client.'}
    >
      {invalid ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
            {RESET_LINK_INVALID}
          </p>
          <Link to="/forgot-password" className={buttonClass('primary', 'md', 'w-full')}>
            Demander un nouveau lien
          </Link>
        </div>
      ) : (
        <LinkPasswordForm form={form} confirmLabel="Confirmez le nouveau mot de passe" />
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

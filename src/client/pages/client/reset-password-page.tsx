import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { KeyRound } from 'lucide-react';
import { RESET_LINK_INVALID, resetPasswordInputSchema } from '../../../shared/client-api';
import type { z } from '../../../shared/schemas/zod';
import { ApiRequestError, api, serverMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useHydrated } from '../../lib/use-hydrated';
import { useViewer } from '../../lib/viewer';
import { buttonClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AuthCard } from '../../components/auth/auth-card';
import { PASSWORD_HINT, checkConfirmation, confirmPassword } from '../../components/auth/new-password';
import { AuthSubmit, BackToSignIn } from '../../components/auth/auth-form-parts';

const formSchema = resetPasswordInputSchema.pick({ newPassword: true }).extend({ confirmPassword }).superRefine(checkConfirmation);
type ResetForm = z.input<typeof formSchema>;

/** The server refuses a used, expired or unknown link on `token` (the form has no such field to show it under). */
const isInvalidLink = (error: unknown) => error instanceof ApiRequestError && (!!error.fieldErrors?.token || error.code === 'RESET_LINK_INVALID');

/** /reset-password?token=…: the link from the e-mail; a new password twice, then sign in with it. */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { setSignedIn } = useViewer();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ResetForm>({
    resolver: zodResolver(formSchema),
  });
  // The server's page has no token (it is not part of what is cached): only the browser can tell a link is incomplete.
  const linkBroken = hydrated && !token;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await api('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
      notify('success', 'Mot de passe modifié', 'Connectez-vous avec votre nouveau mot de passe.');
      void navigate('/client/login');
      // The new password ended every session of the account, this browser's too.
      setSignedIn(false);
    } catch (error) {
      if (isInvalidLink(error)) {
        // Kept in form state so the page switches to the « ask again » message.
        setError('root.link', { type: 'server', message: RESET_LINK_INVALID });
        return;
      }
      if (!applyFieldErrors(error, setError, ['newPassword'])) notify('error', 'Erreur', serverMessage(error, 'Impossible de modifier le mot de passe. Veuillez réessayer.'));
    }
  });

  const invalid = linkBroken || !!errors.root?.link;
  return (
    <AuthCard icon={<KeyRound aria-hidden="true" className="h-7 w-7" />} title="Nouveau mot de passe"
      intro={invalid ? undefined : 'Choisissez le mot de passe de votre espace client.'}>
      {invalid ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">{RESET_LINK_INVALID}</p>
          <Link to="/forgot-password" className={buttonClass('primary', 'md', 'w-full')}>
            Demander un nouveau lien
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField label="Nouveau mot de passe" type="password" autoComplete="new-password" hint={PASSWORD_HINT}
            error={errors.newPassword?.message} {...register('newPassword')} />
          <TextField label="Confirmez le nouveau mot de passe" type="password" autoComplete="new-password"
            error={errors.confirmPassword?.message} {...register('confirmPassword')} />
          <AuthSubmit pending={isSubmitting} pendingLabel="Enregistrement...">Enregistrer</AuthSubmit>
        </form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}

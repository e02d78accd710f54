import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '#client/lib/router.ts';
import { LogIn } from 'lucide-react';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { ForgotPasswordLink } from '#client/components/auth/forgot-password-link.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { api, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useViewer } from '#client/lib/viewer.tsx';
import { clientLoginInputSchema, type ClientLoginInput } from '#shared/clients/client-login.ts';
import { AuthSubmit } from '#client/components/auth/auth-form-parts.tsx';

const FALLBACK = 'Email ou mot de passe incorrect.';

/** /login: the same client credentials open /dashboard (docs/decisions/029). */
export function LoginPage() {
  const navigate = useNavigate();
  const { setSignedIn } = useViewer();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClientLoginInput>({
    // No defaults: a field keeps what was typed before the page finished loading.
    resolver: zodResolver(clientLoginInputSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/auth/login', { method: 'POST', json: values });
      setSignedIn(true);
      notify('success', 'Connexion réussie', 'Vous êtes maintenant connecté.');
      void navigate('/dashboard');
    } catch (error) {
      applyFieldErrors(error, setError, ['email', 'password']);
      notify('error', 'Erreur de connexion', serverMessage(error, FALLBACK));
    }
  });

  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="h-7 w-7" />}
      title="Connexion"
      intro="Connectez-vous avec les identifiants reçus par e-mail."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Nom d'utilisateur ou e-mail"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <AuthSubmit pending={isSubmitting} pendingLabel="Connexion...">
          Se connecter
        </AuthSubmit>
      </form>
      <p className="mt-4 text-center">
        <ForgotPasswordLink />
      </p>
      <div className="mt-6 space-y-1 text-center text-sm text-slate-700">
        <p>
          Pas encore de compte ?{' '}
          <Link to="/signup" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            Créer un compte
          </Link>
        </p>
        <p>
          <Link to="/client/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            Accéder à l’espace client
          </Link>
        </p>
        <p>
          <Link to="/" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            Retour à l'accueil
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}

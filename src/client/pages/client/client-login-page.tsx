import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from '#client/lib/router.ts';
import { KeyRound } from 'lucide-react';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { ForgotPasswordLink } from '#client/components/auth/forgot-password-link.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { api, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { useViewer } from '#client/lib/viewer.tsx';
import { clientLoginInputSchema, type ClientLoginInput } from '#shared/clients/client-login.ts';
import type { ClientLoginResult } from '#shared/clients/client-api.ts';
import { clientReturnPath, RETURN_PARAM, SIGNED_IN_HOME } from '#shared/clients/client-pages.ts';
import { AuthSubmit } from '#client/components/auth/auth-form-parts.tsx';
import { MissingCredentialsHelp } from './missing-credentials-help.tsx';

const FALLBACK = "Nom d'utilisateur ou mot de passe incorrect";

/** /client/login: the credentials sent by e-mail once the team has validated the account (docs/decisions/029). */
export function ClientLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { setSignedIn } = useViewer();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ClientLoginInput>({
    // No defaults: a field keeps what was typed before the page finished loading.
    resolver: zodResolver(clientLoginInputSchema),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const client = await api<ClientLoginResult>('/api/client/login', {
        method: 'POST',
        json: { username: values.email, password: values.password },
      });
      setSignedIn(true);
      notify('success', 'Connexion réussie', `Bienvenue, ${client.name} !`);
      // Back to the page that asked for a session (?retour=, from /api/login), else the client's requests.
      void navigate(clientReturnPath(params.get(RETURN_PARAM)) ?? SIGNED_IN_HOME);
    } catch (error) {
      notify('error', 'Erreur de connexion', serverMessage(error, FALLBACK));
    }
  });

  // Both fields share one message: show it once, under the form.
  const missing = errors.email?.message ?? errors.password?.message;

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" className="h-7 w-7" />}
      title="Connexion client"
      intro="Accédez à votre espace pour demander de l’aide et suivre vos demandes."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Nom d'utilisateur"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
        {missing && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {missing}
          </p>
        )}
        <AuthSubmit pending={isSubmitting} pendingLabel="Connexion...">
          Se connecter
        </AuthSubmit>
      </form>
      <p className="mt-4 text-center">
        <ForgotPasswordLink />
      </p>
      <MissingCredentialsHelp />
      <div className="mt-6 space-y-1 text-center text-sm text-slate-700">
        <p>
          Pas encore de compte ?{' '}
          <Link to="/signup" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
            Créer un compte
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

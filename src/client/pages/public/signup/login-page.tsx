import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '../../../lib/router';
import { LogIn } from 'lucide-react';
import { PublicLayout } from '../../../components/layout/public-layout';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { api, serverMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { ForgotPasswordLink } from '../../client/common/forgot-password-link';
import { useHydrated } from '../../../lib/use-hydrated';
import { useViewer } from '../../../lib/viewer';
import { clientLoginInputSchema, type ClientLoginInput } from '../../../../shared/schemas/auth';

const FALLBACK = 'Email ou mot de passe incorrect.';


/** /login: the same client credentials open /dashboard (DESIGN.md decision 4). */
export function LoginPage() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { setSignedIn } = useViewer();
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ClientLoginInput>({
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
    <PublicLayout>
      <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
        <Card className="p-6 sm:p-8">
          <div className="flex justify-center">
            <span className="rounded-full bg-brand-50 p-3 text-brand-700"><LogIn aria-hidden="true" className="h-7 w-7" /></span>
          </div>
          <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Connexion</h1>
          <p className="mt-2 text-center text-slate-700">Connectez-vous avec les identifiants reçus par e-mail.</p>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <TextField label="Nom d'utilisateur ou e-mail" autoComplete="username" autoCapitalize="none" spellCheck={false}
              error={errors.email?.message} {...register('email')} />
            <TextField label="Mot de passe" type="password" autoComplete="current-password"
              error={errors.password?.message} {...register('password')} />
            <Button type="submit" size="lg" className="w-full" disabled={!hydrated || isSubmitting}>
              {isSubmitting ? 'Connexion...' : 'Se connecter'}
            </Button>
          </form>
          <p className="mt-4 text-center"><ForgotPasswordLink /></p>
          <div className="mt-6 space-y-2 text-center text-sm text-slate-700">
            <p>Pas encore de compte ? <Link to="/signup" className="font-medium text-brand-700 underline">Créer un compte</Link></p>
            <p><Link to="/client/login" className="font-medium text-brand-700 underline">Accéder à l’espace client</Link></p>
            <p><Link to="/" className="font-medium text-brand-700 underline">Retour à l'accueil</Link></p>
          </div>
        </Card>
      </div>
    </PublicLayout>
  );
}

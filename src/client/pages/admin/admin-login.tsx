import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { adminLoginSchema, type AdminLoginInput } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { notify } from '../../lib/notify';
import { useSite } from '../../lib/site';
import { useLogin } from './api/session';

/** The staff sign-in card; the server checks the credentials and sets the session cookie. */
export function AdminLogin() {
  const { siteName } = useSite();
  const login = useLogin();
  const { register, handleSubmit, formState: { errors } } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, {
      onError: (error) => notify('error', 'Erreur de connexion', error.message),
    });
  });

  return (
    <main id="contenu" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm p-6 sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <LockKeyhole aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="text-xl font-bold text-slate-900">Espace staff</h1>
          <p className="mt-1 text-sm text-slate-600">{siteName} — accès réservé à l’équipe</p>
        </div>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField label="Nom d'utilisateur" autoComplete="username" required error={errors.username?.message} {...register('username')} />
          <TextField label="Mot de passe" type="password" autoComplete="current-password" required error={errors.password?.message} {...register('password')} />
          {login.isError && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{login.error.message}</p>
          )}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Connexion...' : 'Se connecter'}
          </Button>
        </form>
      </Card>
    </main>
  );
}

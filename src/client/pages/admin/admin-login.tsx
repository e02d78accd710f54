import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { adminLoginInputSchema, type AdminLoginInput } from '../../../shared/schemas/auth';
import type { SecondStep } from '../../../shared/schemas/two-factor';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { notify } from '../../lib/notify';
import { useSite } from '../../lib/site';
import { CodeStep, EnrolStep } from './two-factor/login-steps';
import { usePasswordStep } from './two-factor/two-factor-api';

/** The staff sign-in card: the password, then the code when the member has two-factor sign-in (or must enrol). */
export function AdminLogin() {
  const [second, setSecond] = useState<SecondStep | null>(null);
  const restart = () => setSecond(null);
  if (second?.step === 'code') return <LoginCard wide={false}><CodeStep challenge={second.challenge} onRestart={restart} /></LoginCard>;
  if (second?.step === 'enrol') return <LoginCard wide><EnrolStep challenge={second.challenge} onRestart={restart} /></LoginCard>;
  return <LoginCard wide={false}><PasswordStep onSecondStep={setSecond} /></LoginCard>;
}

function LoginCard({ wide, children }: { wide: boolean; children: ReactNode }) {
  const { siteName } = useSite();
  return (
    <main id="contenu" className="flex min-h-screen items-center justify-center px-4 py-10">
      <Card className={`w-full p-6 sm:p-8 ${wide ? 'max-w-lg' : 'max-w-sm'}`}>
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <LockKeyhole aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="text-xl font-bold text-slate-900">Espace staff</h1>
          <p className="mt-1 text-sm text-slate-600">{siteName} — accès réservé à l’équipe</p>
        </div>
        {children}
      </Card>
    </main>
  );
}

function PasswordStep({ onSecondStep }: { onSecondStep(step: SecondStep): void }) {
  const login = usePasswordStep();
  const { register, handleSubmit, formState: { errors } } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: (answer) => { if ('step' in answer) onSecondStep(answer); },
      onError: (error) => notify('error', 'Erreur de connexion', error.message),
    });
  });

  return (
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
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole } from 'lucide-react';
import { adminLoginInputSchema, type AdminLoginInput } from '#shared/staff/staff-login.ts';
import type { SecondStep } from '#shared/staff/two-factor.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { notify } from '#client/lib/notify.tsx';
import { useSite } from '#client/lib/site.tsx';
import { CodeStep, EnrolStep } from './two-factor/login-steps.tsx';
import { usePasswordStep } from './two-factor/two-factor-api.ts';

/** The staff sign-in card: the password, then the code when the member has two-factor sign-in (or must enrol). */
export function AdminLogin() {
  const [second, setSecond] = useState<SecondStep | null>(null);
  const restart = () => setSecond(null);
  const { siteName } = useSite();
  return (
    <AuthCard
      staff
      wide={second?.step === 'enrol'}
      icon={<LockKeyhole aria-hidden="true" className="h-7 w-7" />}
      title="Espace staff"
      intro={`${siteName} — accès réservé à l’équipe`}
    >
      {second?.step === 'code' ? (
        <CodeStep challenge={second.challenge} onRestart={restart} />
      ) : second?.step === 'enrol' ? (
        <EnrolStep challenge={second.challenge} onRestart={restart} />
      ) : (
        <PasswordStep onSecondStep={setSecond} />
      )}
    </AuthCard>
  );
}

function PasswordStep({ onSecondStep }: { onSecondStep(step: SecondStep): void }) {
  const login = usePasswordStep();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: (answer) => {
        if ('step' in answer) onSecondStep(answer);
      },
      onError: (error) => notify('error', 'Erreur de connexion', error.message),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        label="Nom d'utilisateur"
        autoComplete="username"
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Mot de passe"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      {login.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {login.error.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Connexion...' : 'Se connecter'}
      </Button>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import type { EnrolledLogin } from '#shared/staff/two-factor.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { adminKeys } from '#client/pages/admin/api/queries.ts';
import { EnrolPanel, RecoveryCodes } from './enrol-panel.tsx';
import { useCodeStep, useLoginEnrolConfirm, useLoginEnrolSetup } from './two-factor-api.ts';

const Back = ({ onRestart }: { onRestart(): void }) => (
  <button type="button" onClick={onRestart} className="text-sm font-medium text-brand-700 underline underline-offset-2">
    Revenir à l’identifiant et au mot de passe
  </button>
);

/** The code from the app, or one recovery code; the session opens only when it is right. */
export function CodeStep({ challenge, onRestart }: { challenge: string; onRestart(): void }) {
  const step = useCodeStep();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [local, setLocal] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim())
      return setLocal(recovery ? 'Saisissez un de vos codes de secours' : 'Saisissez le code à 6 chiffres');
    setLocal(null);
    step.mutate({ challenge, code });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        {recovery
          ? 'Saisissez un de vos codes de secours (chacun ne sert qu’une fois).'
          : 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.'}
      </p>
      <TextField
        key={String(recovery)}
        label={recovery ? 'Code de secours' : 'Code à 6 chiffres'}
        autoFocus
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={local ?? undefined}
      />
      {step.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {step.error.message}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={step.isPending}>
        {step.isPending ? 'Vérification…' : 'Valider'}
      </Button>
      <div className="flex flex-col items-start gap-2">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 underline underline-offset-2"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setLocal(null);
            step.reset();
          }}
        >
          {recovery ? 'Utiliser le code de l’application' : 'Je n’ai pas mon téléphone : utiliser un code de secours'}
        </button>
        <Back onRestart={onRestart} />
      </div>
    </form>
  );
}

/** An admin requires two-factor sign-in: the member sets it up now, before anything else, then notes the codes. */
export function EnrolStep({ challenge, onRestart }: { challenge: string; onRestart(): void }) {
  const client = useQueryClient();
  const setup = useLoginEnrolSetup();
  const confirm = useLoginEnrolConfirm();
  const [done, setDone] = useState<EnrolledLogin | null>(null);
  const { mutate } = setup;
  useEffect(() => {
    mutate(challenge);
  }, [challenge, mutate]);

  if (done) {
    return (
      <div className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Double authentification activée</h2>
        <RecoveryCodes
          codes={done.recoveryCodes}
          doneLabel="J’ai noté mes codes, continuer"
          onDone={() => client.setQueryData(adminKeys.session, done.session)}
        />
      </div>
    );
  }
  if (setup.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {setup.error.message}
        </p>
        <Back onRestart={onRestart} />
      </div>
    );
  }
  if (!setup.data) return <PageSpinner />;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Activez la double authentification</h2>
        <p className="mt-1 text-sm text-slate-700">
          Un administrateur l’exige pour toute l’équipe : à chaque connexion, un code de votre téléphone vous sera
          demandé en plus du mot de passe.
        </p>
      </div>
      <EnrolPanel
        setup={setup.data}
        pending={confirm.isPending}
        error={confirm.isError ? confirm.error.message : null}
        submitLabel="Activer et me connecter"
        onConfirm={(code) => confirm.mutate({ challenge, code }, { onSuccess: setDone })}
      />
      <Back onRestart={onRestart} />
    </div>
  );
}

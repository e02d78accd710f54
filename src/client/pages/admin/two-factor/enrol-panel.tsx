import { useState, type FormEvent } from 'react';
import type { TwoFactorSetupDto } from '#shared/staff/two-factor.ts';
import { Button } from '#client/components/ui/button.tsx';
import { CopyButton } from '#client/components/ui/copy-button.tsx';
import { TextField } from '#client/components/ui/field.tsx';

/** Groups of 4 for reading and typing by hand; apps accept it with or without the spaces. */
const spaced = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code to scan, the secret for typing it by hand, and the field for the first code (which confirms the phone
 * has it). Shared by « Sécurité » and the enrolment an admin requires at sign-in.
 */
export function EnrolPanel({
  setup,
  pending,
  error,
  onConfirm,
  submitLabel = 'Activer',
}: {
  setup: TwoFactorSetupDto;
  pending: boolean;
  error: string | null;
  onConfirm(code: string): void;
  submitLabel?: string;
}) {
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setLocal('Saisissez le code à 6 chiffres affiché par votre application');
    setLocal(null);
    onConfirm(digits);
  }
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Ouvrez votre application d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).</li>
        <li>Scannez le QR code, ou saisissez la clé à la main.</li>
        <li>Tapez le code à 6 chiffres qu’elle affiche.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code à scanner avec votre application d’authentification"
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-lg border border-slate-200 bg-white p-1"
        />
        <div className="w-full min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-800">Clé à saisir à la main</p>
          <div className="flex items-center gap-2">
            <code
              data-testid="totp-secret"
              data-secret={setup.secret}
              className="block min-w-0 break-all rounded-md bg-slate-100 px-2 py-1.5 font-mono text-sm text-slate-900"
            >
              {spaced(setup.secret)}
            </code>
            <CopyButton value={setup.secret} label="Copier la clé" />
          </div>
          <p className="text-xs text-slate-600">Type : basé sur le temps (TOTP), 6 chiffres, toutes les 30 secondes.</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField
          label="Code à 6 chiffres"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={local ?? error ?? undefined}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
          {pending ? 'Vérification…' : submitLabel}
        </Button>
      </form>
    </div>
  );
}

/** Shown once: the 10 recovery codes, to copy or write down before going on. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  return (
    <div className="space-y-4">
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Notez ces 10 codes de secours et gardez-les en lieu sûr : chacun permet <strong>une seule</strong> connexion si
        vous n’avez plus votre téléphone. Ils ne seront plus jamais affichés.
      </p>
      <ul
        className="grid grid-cols-1 gap-1.5 font-mono text-sm text-slate-900 sm:grid-cols-2"
        aria-label="Codes de secours"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-slate-100 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <CopyButton value={codes.join('\n')} label="Copier les codes de secours" />
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { useUnlock } from './api/session.ts';

/**
 * The secret code unlocks the download tab for this session; the server checks it (docs/decisions/028). A session
 * opened with a second factor that already proved the code arrives unlocked and never shows this form (the header
 * shows « Téléchargement activé » instead).
 */
export function UnlockForm() {
  const unlock = useUnlock();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Le code secret est requis');
      return;
    }
    setError(null);
    unlock.mutate(code, {
      onSuccess: () => {
        setCode('');
        notify('success', 'Code accepté', 'L’onglet Téléchargement est disponible.');
      },
      onError: (e) => {
        setError(e.message);
        notify('error', 'Code incorrect', e.message);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Code secret
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`h-9 w-full min-w-0 rounded-lg border bg-white px-3 text-sm sm:w-40 ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={unlock.isPending}>
          <KeyRound aria-hidden="true" className="h-4 w-4" /> Activer
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {/* Typed once in a session opened with a second factor, never asked again with it (docs/decisions/009). */}
      {!error && (
        <p className="text-xs text-slate-600 sm:max-w-56">
          Avec la double authentification (« Sécurité »), une seule fois suffit.
        </p>
      )}
    </form>
  );
}

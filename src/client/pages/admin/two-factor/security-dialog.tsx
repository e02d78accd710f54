import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import type { TwoFactorSetupDto, TwoFactorStatusDto } from '#shared/staff/two-factor.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { notify } from '#client/lib/notify.tsx';
import { Loading, QueryError } from '#client/pages/admin/common/query-state.tsx';
import { EnrolPanel, RecoveryCodes } from './enrol-panel.tsx';
import {
  ownTwoFactorQueryOptions,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useSetupTwoFactor,
} from './two-factor-api.ts';

type View =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetupDto }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'code'; purpose: 'renew' | 'disable' };

/** One field and one button: the password before enrolling, or a current code before renewing or turning off. */
function AskOne({
  label,
  type,
  submitLabel,
  pending,
  error,
  danger,
  onSubmit,
  onCancel,
}: {
  label: string;
  type: 'password' | 'code';
  submitLabel: string;
  pending: boolean;
  error: string | null;
  danger?: boolean;
  onSubmit(value: string): void;
  onCancel(): void;
}) {
  const [value, setValue] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim())
      return setLocal(type === 'password' ? 'Le mot de passe est requis' : 'Saisissez le code à 6 chiffres');
    setLocal(null);
    onSubmit(value);
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={label}
        autoFocus
        type={type === 'password' ? 'password' : 'text'}
        autoComplete={type === 'password' ? 'current-password' : 'one-time-code'}
        inputMode={type === 'code' ? 'numeric' : undefined}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={local ?? error ?? undefined}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** What the factor does for the download tab (docs/decisions/009). */
function downloadNote(status: TwoFactorStatusDto): string {
  if (!status.opensDownload) {
    return 'Elle n’ouvre pas encore l’onglet Téléchargement : connectez-vous avec un code, puis saisissez une fois le code secret.';
  }
  return status.sessionSecondFactor
    ? 'Cette session a été ouverte avec un code : l’onglet Téléchargement ne demande pas de code secret.'
    : 'Cette session a été ouverte avant l’activation : le code vous sera demandé à la prochaine connexion.';
}

function Status({
  status,
  onEnrol,
  onRenew,
  onDisable,
}: {
  status: TwoFactorStatusDto;
  onEnrol(): void;
  onRenew(): void;
  onDisable(): void;
}) {
  if (!status.enabled) {
    return (
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-2 text-slate-800">
          Double authentification : <Badge tone="slate">Désactivée</Badge>
        </p>
        <p className="text-sm text-slate-700">
          Avec une application d’authentification sur votre téléphone, un mot de passe volé ne suffit plus pour entrer.
          {status.required &&
            ' Un administrateur l’exige pour toute l’équipe : elle vous sera demandée à votre prochaine connexion.'}
        </p>
        <Button onClick={onEnrol}>
          <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Activer la double authentification
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        Double authentification : <Badge tone="green">Activée</Badge>
      </p>
      <ul className="space-y-1 text-sm text-slate-700">
        {status.enabledAt && (
          <li>
            Depuis le <time dateTime={status.enabledAt}>{formatDateTime(status.enabledAt)}</time>
          </li>
        )}
        <li>
          Codes de secours restants : <strong>{status.recoveryCodesLeft}</strong> sur 10
        </li>
        <li>{downloadNote(status)}</li>
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onRenew}>
          Nouveaux codes de secours
        </Button>
        {status.required ? (
          <p className="text-sm text-slate-600">Exigée pour toute l’équipe : elle ne peut pas être désactivée.</p>
        ) : (
          <Button variant="danger" onClick={onDisable}>
            Désactiver
          </Button>
        )}
      </div>
    </div>
  );
}

function SecurityPanel({ onClose }: { onClose(): void }) {
  const query = useQuery(ownTwoFactorQueryOptions);
  const [view, setView] = useState<View>({ kind: 'status' });
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const renew = useRenewRecoveryCodes();
  const disable = useDisableTwoFactor();
  const back = () => setView({ kind: 'status' });

  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  switch (view.kind) {
    case 'status':
      return (
        <Status
          status={query.data}
          onEnrol={() => setView({ kind: 'password' })}
          onRenew={() => setView({ kind: 'code', purpose: 'renew' })}
          onDisable={() => setView({ kind: 'code', purpose: 'disable' })}
        />
      );
    case 'password':
      return (
        <AskOne
          label="Votre mot de passe"
          type="password"
          submitLabel="Continuer"
          pending={setup.isPending}
          error={setup.isError ? setup.error.message : null}
          onCancel={back}
          onSubmit={(password) => setup.mutate(password, { onSuccess: (s) => setView({ kind: 'scan', setup: s }) })}
        />
      );
    case 'scan':
      return (
        <EnrolPanel
          setup={view.setup}
          pending={confirm.isPending}
          error={confirm.isError ? confirm.error.message : null}
          onConfirm={(code) =>
            confirm.mutate(code, {
              onSuccess: ({ recoveryCodes }) => {
                notify('success', 'Double authentification activée', 'Le code vous sera demandé à chaque connexion.');
                setView({ kind: 'codes', codes: recoveryCodes });
              },
            })
          }
        />
      );
    case 'codes':
      return <RecoveryCodes codes={view.codes} doneLabel="J’ai noté mes codes" onDone={onClose} />;
    case 'code': {
      const mutation = view.purpose === 'renew' ? renew : disable;
      return (
        <AskOne
          label="Code à 6 chiffres de votre application"
          type="code"
          pending={mutation.isPending}
          danger={view.purpose === 'disable'}
          error={mutation.isError ? mutation.error.message : null}
          onCancel={back}
          submitLabel={view.purpose === 'renew' ? 'Générer de nouveaux codes' : 'Désactiver'}
          onSubmit={(code) =>
            view.purpose === 'renew'
              ? renew.mutate(code, {
                  onSuccess: ({ recoveryCodes }) => setView({ kind: 'codes', codes: recoveryCodes }),
                })
              : disable.mutate(code, {
                  onSuccess: () => {
                    notify('success', 'Double authentification désactivée');
                    back();
                  },
                })
          }
        />
      );
    }
  }
}

/** « Sécurité », beside « Mes sessions » and « Mon mot de passe »: the member's own two-factor sign-in. */
export function SecurityButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="h-8 px-2">
        <ShieldCheck aria-hidden="true" className="h-4 w-4" /> Sécurité
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Sécurité de mon compte"
        wide
        description="Double authentification : un code de votre téléphone en plus du mot de passe."
      >
        {open && <SecurityPanel onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

import { RotateCw } from 'lucide-react';
import type { OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { plural } from '#client/pages/admin/common/query-state.tsx';
import { MailKindBadge, MailStatusBadge } from './outbox-badges.tsx';
import { useResendMail } from './outbox-mutations.ts';

/** When it left, or what is happening to it: the one date a reader needs per status. */
function fate(m: OutboxMessageDto) {
  if (m.status === 'sent' && m.sentAt)
    return (
      <>
        Envoyé le <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
      </>
    );
  if (m.status === 'failed')
    return (
      <>
        Abandonné le <time dateTime={m.updatedAt}>{formatDateTime(m.updatedAt)}</time>
      </>
    );
  if (m.status === 'cancelled')
    return (
      <>
        Annulé le <time dateTime={m.updatedAt}>{formatDateTime(m.updatedAt)}</time>
      </>
    );
  if (m.attempts > 0)
    return (
      <>
        Nouvel essai prévu (dernier le <time dateTime={m.updatedAt}>{formatDateTime(m.updatedAt)}</time>)
      </>
    );
  return (
    <>
      En file depuis le <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
    </>
  );
}

export function OutboxMessage({ message: m }: { message: OutboxMessageDto }) {
  const resend = useResendMail(m.id);
  const titleId = `mail-${m.id}-subject`;
  function run() {
    resend.mutate(undefined, {
      onSuccess: () =>
        notify('success', 'Message remis en file', `Il part dès que le serveur d’e-mail répond, vers ${m.recipient}.`),
      onError: (error) =>
        notify('error', 'Impossible de renvoyer ce message', serverMessage(error, 'Veuillez réessayer.')),
    });
  }
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {m.subject}
          </h3>
          <p className="break-all text-sm text-slate-700">À : {m.recipient}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <MailStatusBadge status={m.status} />
          <MailKindBadge kind={m.kind} />
        </div>
      </header>
      <p className="mt-2 text-sm text-slate-600">
        {fate(m)} · {plural(m.attempts, 'essai')} · créé le{' '}
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
      </p>
      {m.lastError && m.status !== 'sent' && m.status !== 'cancelled' && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 [overflow-wrap:anywhere]">
          <span className="font-medium">Dernière erreur : </span>
          {m.lastError}
        </p>
      )}
      {m.status === 'cancelled' && m.lastError && <p className="mt-2 text-sm text-slate-600">{m.lastError}</p>}
      {m.canResend && (
        <div className="mt-3">
          <Button size="sm" onClick={run} disabled={resend.isPending}>
            <RotateCw aria-hidden="true" className="h-4 w-4" /> {resend.isPending ? 'Remise en file...' : 'Renvoyer'}
          </Button>
        </div>
      )}
    </article>
  );
}

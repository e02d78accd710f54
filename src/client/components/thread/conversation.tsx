import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { FileText, MessagesSquare, Paperclip } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';
import { UNREAD_LABELS } from '#shared/interventions/intervention-labels.ts';
import { api, serverMessage } from '#client/lib/api.ts';
import { FILE_LABEL_FOCUS, SubmitButton } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/components/ui/cn.ts';
import { useMessageForm } from './use-message-form.ts';

type Props = {
  /** '/api/client/interventions/12' or '/api/admin/interventions/12' */
  basePath: string;
  /** where this thread sits in the page's query cache (its lists refresh with it: first response, read marks) */
  queryKey: QueryKey;
  /** the queries to refresh after a message (the lists that show the response clock) */
  refreshKey: QueryKey;
  viewer: 'client' | 'staff';
  /** opened once the page is on screen: the request a mail's link names */
  openFirst?: boolean;
  /** the other side wrote since this reader last read the thread: said on the thread while it is closed */
  unread?: boolean;
};

/**
 * The conversation on a request, for its client and for staff: closed until asked for (a list of requests stays
 * light), read marks sent when opened, « Lu » under the last message the other side has seen.
 */
export function Conversation({ basePath, queryKey, refreshKey, viewer, openFirst = false, unread = false }: Props) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // After hydration, so the server's page (closed) and the browser's first render agree; the toggle loads the thread.
  useEffect(() => {
    if (openFirst && details.current) details.current.open = true;
  }, [openFirst]);
  return (
    <details
      ref={details}
      className="mt-3 rounded-lg border border-slate-200"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium text-slate-800">
        <MessagesSquare aria-hidden="true" className="h-4 w-4" /> Conversation
        {unread && (
          <span className="inline-flex items-center gap-1.5 font-semibold text-purple-800">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-purple-600" />
            {UNREAD_LABELS[viewer].toLowerCase()}
          </span>
        )}
      </summary>
      {open && (
        <ThreadBody basePath={basePath} queryKey={queryKey} refreshKey={refreshKey} viewer={viewer} unread={unread} />
      )}
    </details>
  );
}

function ThreadBody({ basePath, queryKey, refreshKey, viewer, unread }: Props) {
  const queryClient = useQueryClient();
  const thread = useQuery({ queryKey, queryFn: () => api<Thread>(`${basePath}/messages`) });
  // Read up to the newest message shown, again as new ones arrive while the thread is open (a live reply): one written
  // after the page's read is not « Lu » for its writer until it has been on screen. The lists say a message is new
  // until then (« nouvelle réponse », « Nouveau message du client »): they are read again once the mark is in.
  const newestShown = thread.data?.messages.at(-1)?.id;
  const marked = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newestShown === undefined) return;
    // The lists, not the threads under the same key: only while one of them says the thread holds news.
    const refreshLists = () =>
      unread
        ? queryClient.invalidateQueries({
            queryKey: refreshKey,
            predicate: (query) => query.queryKey[refreshKey.length] !== 'thread',
          })
        : undefined;
    // Already marked up to it: a list read before the mark arrived still says « nouveau », it is read again.
    if (marked.current === newestShown) {
      void refreshLists();
      return;
    }
    marked.current = newestShown;
    void api(`${basePath}/messages/read`, { method: 'POST', json: { upTo: newestShown } })
      .then(refreshLists)
      .catch(() => undefined);
  }, [newestShown, basePath, unread, queryClient, refreshKey]);

  if (thread.isPending)
    return (
      <div className="flex justify-center py-4">
        <Spinner />
      </div>
    );
  if (thread.isError)
    return (
      <p role="alert" className="px-3 py-2 text-sm text-red-700">
        {serverMessage(thread.error, 'Conversation indisponible')}
      </p>
    );
  const { messages, readByOtherAt, open } = thread.data;
  return (
    <div className="space-y-3 border-t border-slate-200 px-3 py-3">
      {messages.length === 0 && <p className="text-sm text-slate-600">Aucun message pour le moment.</p>}
      <MessageList messages={messages} readByOtherAt={readByOtherAt} viewer={viewer} basePath={basePath} />
      {open ? (
        <MessageForm basePath={basePath} queryKey={queryKey} refreshKey={refreshKey} />
      ) : (
        <p className="text-sm text-slate-600">Cette demande est close.</p>
      )}
    </div>
  );
}

function MessageList({
  messages,
  readByOtherAt,
  viewer,
  basePath,
}: Pick<Thread, 'messages' | 'readByOtherAt'> & Pick<Props, 'viewer' | 'basePath'>) {
  const mine = (author: string) => author === viewer;
  const lastMine = [...messages].reverse().find((m) => !m.notice && mine(m.author));
  return (
    <ol className="space-y-2" aria-label="Messages">
      {messages.map((m) =>
        m.notice ? (
          // An event of the request, nobody's message: across the thread, without a side or « Vous ».
          <li key={m.id} className="px-3 text-center text-xs text-slate-600">
            {m.body} · {formatDateTime(m.createdAt)}
          </li>
        ) : (
          <li
            key={m.id}
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2 text-sm',
              mine(m.author) ? 'ml-auto bg-blue-50 text-blue-950' : 'bg-slate-100 text-slate-900',
            )}
          >
            <p className="text-xs text-slate-600">
              {mine(m.author) ? 'Vous' : m.authorName} · {formatDateTime(m.createdAt)}
            </p>
            {m.body && <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>}
            {m.attachments.map((f) => {
              // /api/client/intervention-attachments/7 or /api/admin/intervention-attachments/7
              const href = `${basePath.replace(/\/interventions\/\d+$/, '/intervention-attachments')}/${f.id}`;
              return (
                <a key={f.id} href={href} download={f.name} className="mt-2 block font-medium underline">
                  {f.mimeType.startsWith('image/') ? (
                    <img src={href} alt={f.name} className="max-h-48 rounded border border-slate-200 bg-white" />
                  ) : (
                    <span className="inline-flex items-center gap-1">
                      <FileText aria-hidden="true" className="h-4 w-4" />
                      {f.name}
                    </span>
                  )}
                </a>
              );
            })}
            {m === lastMine && readByOtherAt && readByOtherAt >= m.createdAt && (
              <p className="mt-1 text-right text-xs text-slate-600">Lu</p>
            )}
          </li>
        ),
      )}
    </ol>
  );
}

/** A message, with a capture or a PDF if wanted: the file travels in base64 in the JSON body. */
function MessageForm({ basePath, queryKey, refreshKey }: Pick<Props, 'basePath' | 'queryKey' | 'refreshKey'>) {
  const { register, errors, submit, pick, attached, fileInputKey, sending } = useMessageForm({
    basePath,
    queryKey,
    refreshKey,
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <TextAreaField label="Votre message" rows={3} error={errors.body?.message} {...register('body')} />
      <div>
        <label
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md text-sm font-medium text-slate-800',
            FILE_LABEL_FOCUS,
          )}
        >
          <Paperclip aria-hidden="true" className="h-4 w-4" /> Joindre une capture ou un PDF (5 Mo au plus)
          <input
            key={fileInputKey}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,application/pdf"
            className="sr-only"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </label>
        {attached && (
          <p className="text-sm text-slate-700" data-testid="attached-file">
            {attached.name}
          </p>
        )}
        {errors.attachment && (
          <p role="alert" className="text-sm text-red-700">
            {errors.attachment.message ?? errors.attachment.data?.message}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <SubmitButton disabled={sending}>{sending ? 'Envoi...' : 'Envoyer'}</SubmitButton>
      </div>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSite } from '#client/lib/site.tsx';
import { cn } from '#client/components/ui/cn.ts';
import type { HelpArticleCard } from '#shared/help/help-pages.ts';
import {
  BOT_DELAY_MS,
  FALLBACK,
  WELCOME,
  articlesReply,
  botReply,
  type BotReply,
  type ChatMessage,
  type ChatSender,
} from './chat-bot.ts';
import { SEND, Icon } from './icons.tsx';
import { panelBox } from './chat-styles.ts';

let sequence = 0;
function message(sender: ChatSender, reply: BotReply): ChatMessage {
  sequence += 1;
  return {
    id: `msg-${Date.now().toString(36)}-${sequence}`,
    text: reply.text,
    sender,
    timestamp: Date.now(),
    links: reply.links,
  };
}

/** The search refuses longer questions (shared/help/help-api.ts). */
const QUESTION_MAX = 200;

/**
 * The canned answers first; when none fits, the help centre's articles, asked as a question (so a question they do
 * not answer is kept for staff). Plain fetch: this chunk stays light, and any failure gives the canned fallback.
 */
async function answer(text: string): Promise<BotReply> {
  const canned = botReply(text);
  if (canned !== FALLBACK) return canned;
  try {
    const res = await fetch(`/api/help/search?asked=1&q=${encodeURIComponent(text.slice(0, QUESTION_MAX))}`);
    return res.ok ? articlesReply((await res.json()) as HelpArticleCard[]) : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

const timeFmt = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

type ChatPanelProps = { id: string; open: boolean; onClose(): void };

/** The conversation: the visitor's messages, and the bot's answers one second later (docs/specification.md §9). */
export function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const { siteName } = useSite();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message('bot', WELCOME)]);
  const [draft, setDraft] = useState('');
  const [waiting, setWaiting] = useState(0);
  const timers = useRef(new Set<number>());
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Pending answers are dropped if the page goes away.
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages, waiting]);

  function send(e: FormEvent) {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setMessages((m) => [...m, message('user', { text })]);
    setDraft('');
    setWaiting((n) => n + 1);
    // The answer shows once both the articles (when asked for) and the one-second delay are there; if the page goes
    // away first, its timer is cleared and the answer never shows.
    const delay = new Promise<void>((resolve) => {
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        resolve();
      }, BOT_DELAY_MS);
      timers.current.add(timer);
    });
    void Promise.all([answer(text), delay]).then(([reply]) => {
      setWaiting((n) => n - 1);
      setMessages((m) => [...m, message('bot', reply)]);
    });
  }

  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={`${id}-titre`}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      className={cn(panelBox, 'h-[min(32rem,calc(100dvh-8rem))]')}
    >
      <div className="bg-brand-700 px-4 py-3 text-white">
        <h2 id={`${id}-titre`} className="font-semibold">
          Posez votre question
        </h2>
        <p className="text-sm text-brand-100">Assistant automatique de {siteName}</p>
      </div>
      <div
        ref={list}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        className="flex-1 overflow-y-auto bg-slate-50 p-4"
      >
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m.id} className={cn('flex', m.sender === 'user' && 'justify-end')}>
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-4 py-2',
                  m.sender === 'user'
                    ? 'rounded-br-sm bg-brand-600 text-white'
                    : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900',
                )}
              >
                <span className="sr-only">{m.sender === 'user' ? 'Vous : ' : 'Assistant : '}</span>
                <span className="whitespace-pre-line">{m.text}</span>
                {m.links?.map((link) => (
                  <a
                    key={link.href}
                    href={link.href}
                    className="mt-1 block font-medium text-brand-700 underline underline-offset-2"
                  >
                    {link.label}
                  </a>
                ))}
                <time
                  dateTime={new Date(m.timestamp).toISOString()}
                  className={cn('mt-1 block text-xs', m.sender === 'user' ? 'text-brand-100' : 'text-slate-600')}
                >
                  {timeFmt.format(m.timestamp)}
                </time>
              </div>
            </li>
          ))}
          {waiting > 0 && <li className="text-sm text-slate-600">L’assistant écrit…</li>}
        </ul>
      </div>
      <form onSubmit={send} className="flex gap-2 border-t border-slate-200 bg-white p-3">
        <label htmlFor={`${id}-saisie`} className="sr-only">
          Votre message
        </label>
        <input
          ref={input}
          id={`${id}-saisie`}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          autoComplete="off"
          maxLength={500}
          placeholder="Écrivez votre question…"
          className="min-h-11 flex-1 rounded-lg border border-slate-300 px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <button
          type="submit"
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700"
        >
          <Icon path={SEND} className="h-5 w-5" />
          <span className="sr-only">Envoyer</span>
        </button>
      </form>
    </div>
  );
}

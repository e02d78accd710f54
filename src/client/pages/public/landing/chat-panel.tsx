import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSite } from '#client/lib/site.tsx';
import { cn } from '#client/components/ui/cn.ts';
import { SEND, Icon } from './icons.tsx';
import { panelBox } from './chat-styles.ts';
import { ChatMessageItem } from './chat-message.tsx';
import { useChatConversation } from './use-chat-conversation.ts';

type ChatPanelProps = { id: string; open: boolean; onClose(): void };

/** The conversation: the visitor's messages, and the bot's answers one second later (docs/specification.md §9). */
export function ChatPanel({ id, open, onClose }: ChatPanelProps) {
  const { siteName } = useSite();
  const { messages, waiting, ask } = useChatConversation();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

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
    setDraft('');
    ask(text);
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
            <ChatMessageItem key={m.id} message={m} />
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

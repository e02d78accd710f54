import { useEffect, useRef, useState } from 'react';
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

/**
 * The chat's messages and the bot's pending answers. Only the chat panel imports it, so it stays in the chat's lazily
 * loaded chunk, out of the landing page's initial script.
 */
export function useChatConversation() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message('bot', WELCOME)]);
  const [waiting, setWaiting] = useState(0);
  const timers = useRef(new Set<number>());

  // Pending answers are dropped if the page goes away.
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  /** Posts the visitor's text (already trimmed and non-empty) and schedules the bot's answer. */
  function ask(text: string) {
    setMessages((m) => [...m, message('user', { text })]);
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

  return { messages, waiting, ask };
}

import { cn } from '#client/components/ui/cn.ts';
import type { ChatMessage } from './chat-bot.ts';

const timeFmt = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** One bubble of the chat: the visitor's on the right, the assistant's on the left with its article links. */
export function ChatMessageItem({ message: m }: { message: ChatMessage }) {
  return (
    <li className={cn('flex', m.sender === 'user' && 'justify-end')}>
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
  );
}

import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import { api, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { HelpSearchResult } from '#shared/help/help-api.ts';
import { HELP_SUGGESTIONS, helpArticlePath } from '#shared/help/help-pages.ts';

/** The pause after the last key before asking: a word being typed is not a question yet. */
const PAUSE_MS = 500;
/** Fewer letters than this say too little to suggest anything. */
const MIN_LETTERS = 8;

function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

type Props = {
  /** what the client is typing as the request's description */
  text: string;
  /** an article answered: the form closes without sending */
  onSolved(): void;
  /** « Non, envoyer ma demande »: the request goes on */
  onSend(): void;
  sending: boolean;
};

/**
 * Up to three help articles for what the client is describing, after a pause in their typing. « Cela a résolu mon
 * problème » counts the question as answered without a request and closes the form; « Non, envoyer ma demande » sends
 * it. An article opens in a new tab, so what was typed stays.
 */
export function HelpSuggestions({ text, onSolved, onSend, sending }: Props) {
  const q = usePaused(text.trim());
  const wanted = q.replace(/\s/g, '').length >= MIN_LETTERS;
  const found = useQuery({
    queryKey: ['help', 'suggestions', q],
    queryFn: () => api<HelpSearchResult[]>(`/api/help/search?q=${encodeURIComponent(q)}`),
    enabled: wanted,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const solved = useMutation({
    mutationFn: (slug: string) => api<unknown>('/api/client/help/solved', { method: 'POST', json: { slug } }),
    onSuccess: () => {
      void notify('success', 'Tant mieux !', 'Votre demande n’a pas été envoyée. Revenez quand vous voulez.');
      onSolved();
    },
    onError: (error) => void notify('error', serverMessage(error, 'Votre réponse n’a pas pu être enregistrée.')),
  });
  const suggestions = wanted ? (found.data ?? []).slice(0, HELP_SUGGESTIONS) : [];
  return (
    <div aria-live="polite">
      {suggestions.length > 0 && (
        <section
          aria-labelledby="suggestions-titre"
          className="rounded-xl border border-sky-200 bg-sky-50 p-4"
          data-testid="help-suggestions"
        >
          <h3 id="suggestions-titre" className="flex items-center gap-2 font-semibold text-sky-950">
            <BookOpen aria-hidden="true" className="size-5" />
            Ces articles répondent peut-être à votre question
          </h3>
          <ul className="mt-3 space-y-3">
            {suggestions.map((article) => (
              <li key={article.slug} className="rounded-lg bg-white p-3 shadow-sm">
                <a
                  href={helpArticlePath(article.slug)}
                  target="_blank"
                  rel="noopener"
                  className="font-semibold text-brand-700 underline"
                >
                  {article.title}
                  <span className="sr-only"> (s’ouvre dans un nouvel onglet)</span>
                </a>
                <p className="mt-1 text-sm text-slate-700">{article.summary}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2"
                  disabled={solved.isPending}
                  onClick={() => solved.mutate(article.slug)}
                  aria-label={`Cela a résolu mon problème : ${article.title}`}
                >
                  Cela a résolu mon problème
                </Button>
              </li>
            ))}
          </ul>
          <Button className="mt-3 w-full sm:w-auto" onClick={onSend} disabled={sending || solved.isPending}>
            Non, envoyer ma demande
          </Button>
        </section>
      )}
    </div>
  );
}

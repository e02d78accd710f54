import { useEffect } from 'react';
import { useViewer } from '#client/lib/viewer.tsx';
import type { HelpArticleData, HelpHomeData } from '#shared/help/help-pages.ts';

type Read<T> = { state: 'ready'; data: T } | { state: 'missing' } | { state: 'loading' };

/**
 * The help page's content, read by the server with the page (or « missing »: the server answered 404). A page reached
 * inside the app (the back button after another page) has none for this address: the browser loads it from the
 * server, which reads it.
 */
export function useHelpHome(): Read<HelpHomeData> {
  const { help } = useViewer();
  const read: Read<HelpHomeData> = help?.kind === 'home' ? { state: 'ready', data: help } : { state: 'loading' };
  useReloadWhileLoading(read.state);
  return read;
}

export function useHelpArticle(slug: string): Read<HelpArticleData> {
  const { help } = useViewer();
  const read: Read<HelpArticleData> =
    help?.kind === 'article' && help.article.slug === slug
      ? { state: 'ready', data: help }
      : // The server said « not found » for this address (its slug as the server read it, encoding aside).
        help?.kind === 'missing'
        ? { state: 'missing' }
        : { state: 'loading' };
  useReloadWhileLoading(read.state);
  return read;
}

function useReloadWhileLoading(state: Read<unknown>['state']) {
  useEffect(() => {
    if (state === 'loading') window.location.reload();
  }, [state]);
}

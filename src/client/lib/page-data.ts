import type { HelpPageData } from '#shared/help/help-pages.ts';

/**
 * What the server knows about the visitor when it renders a page, read once by the browser: whether a client is
 * signed in (so the navigation is right from the first paint) and, for a signed-in client, the client area's data
 * already fetched (dehydrated query cache), so the dashboard does not load it a second time, with the newest live event
 * at that moment (`liveFrom`), from which the page's live stream replays what changed since.
 */
export type PageData = { signedIn: boolean; clientState?: unknown; liveFrom?: number; help?: HelpPageData };

const PAGE_DATA_ID = 'page-data';
export const ANONYMOUS: PageData = { signedIn: false };

export function readPageData(): PageData {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return ANONYMOUS;
  try {
    const data = JSON.parse(text) as Partial<PageData>;
    return {
      signedIn: data.signedIn === true,
      clientState: data.clientState,
      ...(typeof data.liveFrom === 'number' ? { liveFrom: data.liveFrom } : {}),
      help: data.help,
    };
  } catch {
    return ANONYMOUS;
  }
}

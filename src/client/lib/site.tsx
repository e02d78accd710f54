import { createContext, useContext, type ReactNode } from 'react';
import type { SiteInfo } from '#shared/site.ts';

/** Company identity from the server's configuration, read once from the page (never a secret). */
const SiteContext = createContext<SiteInfo | null>(null);

export function SiteProvider({ site, children }: { site: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteInfo {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteProvider missing');
  return site;
}

/** A tel: link for the site's phone as printed (« +33 1 84 80 00 00 » → tel:+33184800000). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function readSiteFromPage(): SiteInfo {
  const el = document.getElementById('site-data');
  return JSON.parse(el?.textContent ?? '{}') as SiteInfo;
}

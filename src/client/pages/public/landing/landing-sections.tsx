import { useEffect, useState } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { ContactSection } from './contact-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { PricingSection } from './pricing-section.tsx';
import { ServicesSection } from './services-section.tsx';
import { WhyUsSection } from './why-us-section.tsx';

export { HeroFigures } from './hero-figures.tsx';

/**
 * Everything below the hero, in one chunk loaded in parallel with hydration: the server HTML shows it at once
 * (prerender waits for lazy chunks) and React hydrates it when the chunk arrives, so the entry stays small.
 */
export function LandingSections() {
  useScrollToHashOnClientMount();
  return (
    <>
      <ServicesSection />
      <WhyUsSection />
      <PricingSection />
      <FaqSection />
      <ContactSection />
    </>
  );
}

/**
 * The router does not scroll to a hash, so /#pricing reached from another page would open at the top. After a
 * server render the browser has already scrolled, and the visitor may have moved since: only a client mount scrolls.
 */
function useScrollToHashOnClientMount() {
  const hydrated = useHydrated();
  const [clientMount] = useState(hydrated); // false when this render hydrates server HTML
  useEffect(() => {
    const target = hashTarget(window.location.hash);
    if (!clientMount || !target) return;
    // After the next frame, once the hero's figures (same chunk, their own boundary) are in place above.
    const frame = requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView({ behavior: 'instant' }));
    return () => cancelAnimationFrame(frame);
  }, [clientMount]);
}

/** The id a link points at; a malformed escape (/#%) means no target, not an exception that blanks the page. */
function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

import { Dialog } from '#client/components/ui/dialog.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { PRICING_HREF } from '#client/components/layout/public-layout.tsx';
import { secondsLabel, useCountdown } from '#client/lib/use-countdown.ts';

const AUTO_CLOSE_SECONDS = 15;

/**
 * 'Sélection d'un plan requis': registration starts from a plan; closes itself after 15 s
 * (docs/specification.md §2, §9).
 */
export function PlanRequiredDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const left = useCountdown(AUTO_CLOSE_SECONDS, open, () => onOpenChange(false));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sélection d'un plan requis"
      description="Pour créer votre compte, choisissez d’abord l’abonnement qui vous convient. Vous serez ensuite guidé pour l’inscription."
    >
      {/* A full page load, not a client-side link: the landing page scrolls to its pricing section on arrival. */}
      <a href={PRICING_HREF} className={buttonClass('primary', 'md', 'w-full')}>
        Voir les plans d'abonnement
      </a>
      <p className="mt-4 text-center text-sm text-slate-600">Fermeture automatique dans {secondsLabel(left)}</p>
    </Dialog>
  );
}

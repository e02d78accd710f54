import type { MouseEvent } from 'react';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { PRICING_HREF } from '#client/components/layout/public-layout.tsx';
import { secondsLabel, useCountdown } from '#client/lib/use-countdown.ts';

const AUTO_CLOSE_SECONDS = 15;

type PlanRequiredDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** on the landing page, the plans are below: the page closes the dialog and scrolls there itself */
  onSeePlans?(): void;
};

/**
 * 'Sélection d'un plan requis': registration starts from a plan; closes itself after 15 s
 * (docs/specification.md §2, §9). Opened by « S'inscrire » on /signup and by « Créer un compte » on the landing page.
 */
export function PlanRequiredDialog({ open, onOpenChange, onSeePlans }: PlanRequiredDialogProps) {
  const left = useCountdown(AUTO_CLOSE_SECONDS, open, () => onOpenChange(false));
  function seePlans(event: MouseEvent<HTMLAnchorElement>) {
    if (!onSeePlans) return;
    event.preventDefault();
    onSeePlans();
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sélection d'un plan requis"
      description="Pour créer votre compte, choisissez d’abord l’abonnement qui vous convient. Vous serez ensuite guidé pour l’inscription."
    >
      {/* From another page, a full page load: the landing page scrolls to its pricing section on arrival. */}
      <a href={PRICING_HREF} onClick={seePlans} className={buttonClass('primary', 'md', 'w-full')}>
        Voir les plans d'abonnement
      </a>
      <p className="mt-4 text-center text-sm text-slate-600">Fermeture automatique dans {secondsLabel(left)}</p>
    </Dialog>
  );
}

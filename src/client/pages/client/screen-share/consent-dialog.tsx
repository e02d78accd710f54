import { EyeOff, Monitor, ShieldCheck, Square } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';

type Props = { open: boolean; onOpenChange(open: boolean): void; onConfirm(): void; busy: boolean };

/** Before anything is shared, what it means, in plain words; the browser then asks which screen or window. */
export function ShareConsentDialog({ open, onOpenChange, onConfirm, busy }: Props) {
  const points = [
    {
      Icon: Monitor,
      text: 'Le technicien verra en direct l’écran ou la fenêtre que vous allez choisir. Il ne pourra ni cliquer ni écrire sur votre ordinateur.',
    },
    { Icon: ShieldCheck, text: 'Rien n’est enregistré : ni l’image, ni le son.' },
    { Icon: Square, text: 'Vous pouvez arrêter à tout moment avec le bouton « Arrêter le partage ».' },
    {
      Icon: EyeOff,
      text: 'Avant de commencer, fermez les fenêtres qui montrent des informations personnelles : banque, messagerie, mots de passe.',
    },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Partager votre écran avec le technicien">
      <ul className="space-y-3">
        {points.map(({ Icon, text }) => (
          <li key={text} className="flex gap-3 text-slate-800">
            <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Annuler
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? 'Préparation...' : 'Choisir l’écran à partager'}
        </Button>
      </div>
    </Dialog>
  );
}

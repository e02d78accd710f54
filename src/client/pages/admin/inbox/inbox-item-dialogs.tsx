import { ShoppingCart } from 'lucide-react';
import type { RegistrationValidated, InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { CredentialsPanel } from '#client/pages/admin/common/credentials-panel.tsx';

type ConfirmProps = { request: InboxItemDto; open: boolean; onOpenChange(open: boolean): void; onConfirm(): void };

type ErasureProps = Omit<ConfirmProps, 'request'> & { request: Pick<InboxItemDto, 'clientId' | 'name' | 'email'> };

/**
 * The admin's last check before a client's data is erased: it says what goes and what the law keeps. From an erasure
 * request in « Messages », and from an account past its period in « Utilisateurs ».
 */
export function ConfirmErasureDialog({ request: r, open, onOpenChange, onConfirm }: ErasureProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      danger
      title="Effacer les données de ce client ?"
      confirmLabel="Effacer définitivement"
      description={
        `Le compte n° ${r.clientId} (${r.name}, ${r.email}) sera anonymisé : nom, e-mail, téléphone, identifiants, ` +
        'messages, textes et fichiers des interventions, appareils et justificatifs seront effacés et le client ne ' +
        'pourra plus se connecter. Ses demandes d’assistance encore ouvertes seront annulées. Ses factures sont ' +
        'conservées 10 ans (obligation comptable). Cette action est irréversible.'
      }
    />
  );
}

/** Before a registration becomes a client account, whose credentials leave by e-mail. */
export function ConfirmValidationDialog({ request: r, open, onOpenChange, onConfirm }: ConfirmProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
      title="Valider cette inscription ?"
      confirmLabel="Valider et créer le compte"
      description={`Un compte client sera créé pour ${r.name} (${r.email}) et ses identifiants lui seront envoyés par e-mail.`}
    />
  );
}

type ValidatedProps = {
  name: string;
  validated: RegistrationValidated | null;
  onClose(): void;
  /** on to the client's order, with what the registration said */
  onOrder(): void;
};

/**
 * The new account's credentials, shown once to the staff member who validated the registration; the next step, the
 * client's order, is one click away.
 */
export function ValidatedAccountDialog({ name, validated, onClose, onOrder }: ValidatedProps) {
  return (
    <Dialog open={!!validated} onOpenChange={(open) => !open && onClose()} title={`Compte créé pour ${name}`}>
      {validated && (
        <div className="space-y-4">
          <CredentialsPanel credentials={validated.credentials} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Terminé
            </Button>
            <Button onClick={onOrder}>
              <ShoppingCart aria-hidden="true" className="h-4 w-4" /> Créer sa commande
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

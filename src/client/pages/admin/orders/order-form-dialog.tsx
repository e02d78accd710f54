import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import type { OrderInput } from '#shared/orders/order-input.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { CredentialsPanel } from '#client/pages/admin/common/credentials-panel.tsx';
import { OrderForm } from './order-form.tsx';

/** « Nouvelle commande » on the Commandes tab: the button and its dialog. */
export function OrderFormDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="h-5 w-5" /> Nouvelle commande
      </Button>
      <NewOrderDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** what is already known of the client (a registration just validated): the form starts with it */
  prefill?: Partial<OrderInput>;
};

/** The order form, then (once) the credentials the server issued, then closed and reset. */
export function NewOrderDialog({ open, onOpenChange, prefill }: Props) {
  const [created, setCreated] = useState<OrderCreated | null>(null);

  function changeOpen(next: boolean) {
    onOpenChange(next);
    // Closing forgets the issued password for good: it is never shown twice.
    if (!next) setCreated(null);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      wide
      title={created ? `Commande n° ${created.id} créée` : 'Nouvelle commande'}
    >
      {created?.credentials ? (
        <div className="space-y-4">
          <p className="text-slate-700">
            La commande de <strong>{created.order.clientName}</strong> est enregistrée. Transmettez ces identifiants au
            client.
          </p>
          <CredentialsPanel credentials={created.credentials} />
          <div className="flex justify-end">
            <Button onClick={() => changeOpen(false)}>Terminé</Button>
          </div>
        </div>
      ) : (
        <OrderForm
          prefill={prefill}
          onCancel={() => changeOpen(false)}
          onCreated={(result) => (result.credentials ? setCreated(result) : changeOpen(false))}
        />
      )}
    </Dialog>
  );
}

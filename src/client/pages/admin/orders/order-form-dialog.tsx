import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { CredentialsPanel } from '#client/pages/admin/common/credentials-panel.tsx';
import { OrderForm } from './order-form.tsx';

/** « Nouvelle commande »: the form, then (once) the credentials the server issued, then closed and reset. */
export function OrderFormDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<OrderCreated | null>(null);

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Closing forgets the issued password for good: it is never shown twice.
    if (!next) setCreated(null);
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="h-5 w-5" /> Nouvelle commande
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        wide
        title={created ? `Commande n° ${created.id} créée` : 'Nouvelle commande'}
      >
        {created?.credentials ? (
          <div className="space-y-4">
            <p className="text-slate-700">
              La commande de <strong>{created.order.clientName}</strong> est enregistrée. Transmettez ces identifiants
              au client.
            </p>
            <CredentialsPanel credentials={created.credentials} />
            <div className="flex justify-end">
              <Button onClick={() => onOpenChange(false)}>Terminé</Button>
            </div>
          </div>
        ) : (
          <OrderForm
            onCancel={() => onOpenChange(false)}
            onCreated={(result) => (result.credentials ? setCreated(result) : onOpenChange(false))}
          />
        )}
      </Dialog>
    </>
  );
}

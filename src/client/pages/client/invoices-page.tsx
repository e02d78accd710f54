import { Card } from '#client/components/ui/card.tsx';
import { Invoices } from './account/invoices.tsx';
import { ClientArea } from './common/client-area.tsx';

/** « Mes factures » (/client/factures): every order with its invoice and credit notes, and « Payer en ligne ». */
export function InvoicesPage() {
  return (
    <ClientArea>
      {() => (
        <section aria-labelledby="factures-titre" className="mx-auto max-w-5xl space-y-4 px-4 py-5 sm:py-8">
          <div>
            <h1 id="factures-titre" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Mes factures
            </h1>
            <p className="mt-1 text-slate-700">Vos commandes, leurs factures et avoirs, à télécharger en PDF.</p>
          </div>
          <Card className="p-5 sm:p-6">
            <Invoices />
          </Card>
        </section>
      )}
    </ClientArea>
  );
}

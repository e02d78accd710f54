import { Card } from '#client/components/ui/card.tsx';
import { Invoices } from './account/invoices.tsx';
import { ClientArea } from './common/client-area.tsx';
import { PageHeading } from './common/page-heading.tsx';

/** « Mes factures » (/client/factures): every order with its invoice and credit notes, and « Payer en ligne ». */
export function InvoicesPage() {
  return (
    <ClientArea>
      {() => (
        <div className="mx-auto max-w-5xl space-y-6 px-4 py-5 sm:py-8">
          <PageHeading title="Mes factures" intro="Vos commandes, leurs factures et avoirs, à télécharger en PDF." />
          <Card as="section" aria-label="Commandes et factures" className="p-5 sm:p-6">
            <Invoices />
          </Card>
        </div>
      )}
    </ClientArea>
  );
}

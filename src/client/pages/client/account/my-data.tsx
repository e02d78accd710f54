import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FileArchive } from 'lucide-react';
import { formatDate } from '#shared/format.ts';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { LazyConfirmDialog } from '#client/components/ui/lazy-dialog.tsx';
import { useErasureRequest } from '#client/pages/client/api/account-mutations.ts';
import { erasureStatusQueryOptions } from '#client/pages/client/api/queries.ts';

/** « Mes données » (privacy policy, « vos droits »): a copy of everything held, and the request to be forgotten. */
export function MyData() {
  const erasure = useQuery(erasureStatusQueryOptions);
  const request = useErasureRequest();
  const [confirming, setConfirming] = useState(false);
  const requestedAt = erasure.data?.requestedAt ?? null;

  const ask = () =>
    request.mutate(undefined, {
      onSuccess: () => notify('success', 'Demande envoyée', 'Notre équipe va traiter votre demande de suppression.'),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        notify('error', 'Erreur', serverMessage(error, 'Impossible d’envoyer la demande. Veuillez réessayer.'));
      },
    });

  return (
    <div className="space-y-5">
      <div>
        <p className="text-slate-700">
          Téléchargez une copie de tout ce que nous détenons sur vous (compte, commandes, appareils, demandes et leurs
          échanges), avec les fichiers de vos demandes et vos justificatifs, dans une archive à garder ou à transmettre
          à un autre service. Son fichier « lisez-moi » explique ce qu’elle contient.
        </p>
        <a
          href="/api/client/data"
          download
          className={buttonClass('secondary', 'md', 'mt-3 h-auto min-h-11 w-full py-2 sm:w-auto')}
        >
          <FileArchive aria-hidden="true" className="h-4 w-4 shrink-0" /> Télécharger mes données (.zip)
        </a>
      </div>
      <div className="border-t border-slate-200 pt-5">
        <h4 className="font-semibold text-slate-900">Supprimer mon compte</h4>
        {requestedAt ? (
          <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950" role="status" data-testid="erasure-pending">
            Votre demande de suppression du {formatDate(requestedAt)} est en cours de traitement par notre équipe.
          </p>
        ) : (
          <>
            <p className="mt-1 text-slate-700">
              Notre équipe confirme la demande, puis efface vos informations personnelles. Vos factures sont conservées
              10 ans, comme la loi l’exige.
            </p>
            <Button
              variant="danger"
              className="mt-3 h-auto min-h-11 w-full py-2 sm:w-auto"
              onClick={() => setConfirming(true)}
              disabled={request.isPending || erasure.isPending}
            >
              Demander la suppression de mon compte
            </Button>
          </>
        )}
      </div>
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        danger
        title="Demander la suppression de votre compte ?"
        description={
          <>
            Notre équipe vérifiera la demande puis effacera vos informations personnelles : vous ne pourrez plus vous
            connecter ni demander d’assistance. Vos factures sont conservées 10 ans (obligation légale), sans autre
            donnée vous concernant. Téléchargez vos données avant si vous souhaitez les garder.
          </>
        }
        confirmLabel="Oui, demander la suppression"
        onConfirm={ask}
      />
    </div>
  );
}

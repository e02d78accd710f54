import { useId, useRef } from 'react';
import { Camera } from 'lucide-react';
import { PROOF_ACCEPT, PROOF_MAX_BYTES, PROOF_TOO_BIG_MESSAGE, type Device } from '#shared/devices/device-api.ts';
import { buttonClass, FILE_LABEL_FOCUS } from '#client/components/ui/button.tsx';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import { useUploadProof } from './device-api.ts';

/**
 * « Envoyer un justificatif » (« Renvoyer » after a refusal: the device goes back to « À vérifier »): a file input a
 * phone opens on its camera or its files (no `capture`, which would forbid choosing a PDF); the server reads the type
 * from the content and refuses more than 10 MB.
 */
export function ProofUpload({ device }: { device: Device }) {
  const upload = useUploadProof();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const refused = device.status === 'refused';
  const onChange = () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    if (file.size > PROOF_MAX_BYTES) {
      notify('error', 'Fichier trop lourd', PROOF_TOO_BIG_MESSAGE);
      input.current!.value = '';
      return;
    }
    upload.mutate(
      { id: device.id, file },
      {
        onSuccess: () =>
          notify(
            'success',
            'Justificatif envoyé',
            refused
              ? 'Justificatif reçu : nous vérifions votre appareil au plus vite.'
              : 'Nous le vérifions au plus vite.',
          ),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 401) return;
          notify('error', 'Envoi impossible', serverMessage(error, 'Impossible d’envoyer ce fichier'));
        },
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  return (
    <div>
      <label
        htmlFor={id}
        className={buttonClass(
          refused || (device.proofRequested && device.proofs.length === 0) ? 'primary' : 'secondary',
          'md',
          `w-full cursor-pointer sm:w-auto ${FILE_LABEL_FOCUS}`,
        )}
      >
        <Camera aria-hidden="true" className="h-4 w-4" />
        {upload.isPending
          ? 'Envoi...'
          : refused
            ? 'Renvoyer un justificatif'
            : device.proofs.length
              ? 'Ajouter un justificatif'
              : 'Envoyer un justificatif'}
        <input
          ref={input}
          id={id}
          type="file"
          accept={PROOF_ACCEPT}
          className="sr-only"
          onChange={onChange}
          disabled={upload.isPending}
          data-testid="proof-input"
        />
      </label>
    </div>
  );
}

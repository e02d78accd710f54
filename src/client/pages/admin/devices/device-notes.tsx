import type { AdminDevice } from '#shared/devices/device-api.ts';

/**
 * The sentences under a device for staff: outside the client's plan, the proof asked for, the refusal and, once the
 * client sent a new proof, the earlier refusal.
 */
export function DeviceNotes({ device: d, outside }: { device: AdminDevice; outside: boolean }) {
  return (
    <>
      {outside && (
        <p className="mt-2 text-sm text-slate-700" data-testid="device-outside-plan">
          Au-delà des appareils que couvre la formule du client : il ne peut pas demander d’aide pour lui, sauf à le
          couvrir à la place d’un autre dans « Mes appareils ».
        </p>
      )}
      {d.proofRequested && d.status === 'pending' && d.proofMessage && (
        <p className="mt-2 text-sm text-slate-700">Justificatif demandé : « {d.proofMessage} »</p>
      )}
      {d.refusalReason && d.status === 'refused' && (
        <p className="mt-2 text-sm text-red-800">Refusé : « {d.refusalReason} »</p>
      )}
      {/* A refused device the client sent a new proof for: the earlier reason helps judge the new file. */}
      {d.refusalReason && d.status === 'pending' && (
        <p className="mt-2 text-sm text-slate-700">
          Refusé une première fois (« {d.refusalReason} ») : le client a envoyé un nouveau justificatif.
        </p>
      )}
    </>
  );
}

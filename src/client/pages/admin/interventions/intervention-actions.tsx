import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Ban, CheckCircle2, Play } from 'lucide-react';
import {
  DURATION_MAX_MINUTES,
  INTERVENTION_TRANSITIONS,
  type AdminInterventionDto,
} from '#shared/interventions/intervention-api.ts';
import { INTERVENTION_STATUS_LABELS, type InterventionStatus } from '#shared/interventions/intervention-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { notify } from '#client/lib/notify.tsx';
import { NotesEditor } from '#client/pages/admin/common/notes-editor.tsx';
import { useUpdateIntervention, type InterventionUpdate } from './intervention-mutations.ts';

type Move = Exclude<InterventionStatus, 'pending'>;

/** The button that moves an intervention to each status; which ones show is INTERVENTION_TRANSITIONS' decision. */
const MOVES: Record<Move, { label: string; icon: ReactNode; variant?: 'secondary' }> = {
  in_progress: { label: 'Prendre en charge', icon: <Play aria-hidden="true" className="h-4 w-4" /> },
  completed: { label: 'Terminer', icon: <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> },
  cancelled: {
    label: 'Annuler l’intervention',
    icon: <Ban aria-hidden="true" className="h-4 w-4" />,
    variant: 'secondary',
  },
};

/** Staff move a request along INTERVENTION_TRANSITIONS (docs/decisions/033); completing asks for the time spent. */
export function InterventionActions({ intervention: i }: { intervention: AdminInterventionDto }) {
  const update = useUpdateIntervention(i.id);
  const [finishing, setFinishing] = useState(false);
  // Cancelling tells the client by e-mail and cannot be taken back: asked first, as a misclick would drop a request.
  const [cancelling, setCancelling] = useState(false);
  const moves = INTERVENTION_TRANSITIONS[i.status].filter((to): to is Move => to !== 'pending');

  function send(patch: InterventionUpdate, done?: () => void) {
    update.mutate(patch, {
      onSuccess: () => {
        done?.();
        notify(
          'success',
          'Intervention mise à jour',
          patch.status ? `Statut : ${INTERVENTION_STATUS_LABELS[patch.status]}` : undefined,
        );
      },
      onError: (error) => notify('error', 'Impossible de modifier l’intervention', error.message),
    });
  }

  return (
    <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      {moves.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {moves.map((to) =>
            to === 'completed' && finishing ? null : (
              // « Terminer » first asks for the duration, in the form below.
              <Button
                key={to}
                size="sm"
                variant={MOVES[to].variant}
                disabled={update.isPending}
                onClick={() =>
                  to === 'completed'
                    ? setFinishing(true)
                    : to === 'cancelled'
                      ? setCancelling(true)
                      : send({ status: to })
                }
              >
                {MOVES[to].icon} {MOVES[to].label}
              </Button>
            ),
          )}
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Annuler l’intervention n° ${i.id} ?`}
        description="Le client est prévenu par e-mail que sa demande est annulée. Une demande annulée ne peut plus être reprise."
        confirmLabel="Annuler l’intervention"
        cancelLabel="Garder la demande"
        danger
        onConfirm={() => send({ status: 'cancelled' })}
      />
      {finishing && (
        <FinishForm
          pending={update.isPending}
          onFinish={(durationMinutes) => send({ status: 'completed', durationMinutes }, () => setFinishing(false))}
          onBack={() => setFinishing(false)}
        />
      )}
      <details>
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          {i.staffNotes ? 'Modifier les notes internes' : 'Ajouter une note interne'}
        </summary>
        <div className="mt-2">
          {/* keyed by the saved text so a refetch with new notes restarts the editor from them */}
          <NotesEditor
            key={i.staffNotes}
            label="Notes du technicien"
            initial={i.staffNotes}
            pending={update.isPending}
            onSave={(staffNotes) => send({ staffNotes })}
          />
        </div>
      </details>
    </div>
  );
}

/** « Terminer » asks for the time spent first: whole minutes, within what the server accepts. */
function FinishForm(props: { pending: boolean; onFinish: (minutes: number) => void; onBack: () => void }) {
  const [minutes, setMinutes] = useState('');
  const [minutesError, setMinutesError] = useState<string | null>(null);
  const id = useId();

  function finish(event: FormEvent) {
    event.preventDefault();
    const n = Number(minutes);
    if (minutes.trim() === '' || !Number.isInteger(n) || n < 0 || n > DURATION_MAX_MINUTES) {
      setMinutesError(`Indiquez une durée en minutes (0 à ${DURATION_MAX_MINUTES})`);
      return;
    }
    setMinutesError(null);
    props.onFinish(n);
  }

  return (
    <form onSubmit={finish} noValidate className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Durée (minutes)
        </label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={DURATION_MAX_MINUTES}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          aria-invalid={minutesError ? true : undefined}
          aria-describedby={minutesError ? `${id}-error` : undefined}
          className="h-9 w-32 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        />
      </div>
      <Button type="submit" size="sm" disabled={props.pending}>
        Confirmer la fin
      </Button>
      <Button size="sm" variant="ghost" onClick={props.onBack}>
        Retour
      </Button>
      {minutesError && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-medium text-red-700">
          {minutesError}
        </p>
      )}
    </form>
  );
}

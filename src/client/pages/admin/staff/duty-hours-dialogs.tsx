import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import { dutyHoursLabel, type WeekHours } from '#shared/staff/duty-hours.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { notify } from '#client/lib/notify.tsx';
import { Loading, QueryError } from '#client/pages/admin/common/query-state.tsx';
import { DutyHoursEditor } from './duty-hours-editor.tsx';
import { ownDutyHoursQueryOptions, useSetMemberDutyHours, useSetOwnDutyHours } from './duty-hours-api.ts';

const WHY =
  'Une réponse bientôt due est signalée au membre qui traite la demande s’il est de garde, sinon aux membres de garde ; si personne ne l’est, à l’adresse de l’équipe.';

const saved = (hours: WeekHours | null) => notify('success', 'Horaires enregistrés', dutyHoursLabel(hours));

/** « Horaires » of a member in « Équipe » (admins). */
export function MemberDutyHoursDialog({ member, onClose }: { member: StaffMemberDto | null; onClose(): void }) {
  const set = useSetMemberDutyHours();
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Horaires de garde de ${member?.username ?? ''}`}
      description={WHY}
      wide
    >
      {member && (
        <DutyHoursEditor
          key={member.id}
          who="member"
          initial={member.dutyHours}
          saving={set.isPending}
          onCancel={onClose}
          onSave={(hours, fail) =>
            set.mutate(
              { id: member.id, hours },
              {
                onSuccess: () => {
                  saved(hours);
                  onClose();
                },
                onError: (error) => {
                  if (!fail(error)) notify('error', 'Horaires inchangés', error.message);
                },
              },
            )
          }
        />
      )}
    </Dialog>
  );
}

function MyDutyHoursForm({ onDone }: { onDone(): void }) {
  const query = useQuery(ownDutyHoursQueryOptions);
  const set = useSetOwnDutyHours();
  if (query.isPending) return <Loading />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <DutyHoursEditor
      who="me"
      initial={query.data.hours}
      saving={set.isPending}
      onCancel={onDone}
      onSave={(hours, fail) =>
        set.mutate(hours, {
          onSuccess: () => {
            saved(hours);
            onDone();
          },
          onError: (error) => {
            if (!fail(error)) notify('error', 'Horaires inchangés', error.message);
          },
        })
      }
    />
  );
}

/** « Mes horaires », beside « Mon mot de passe »: every member sets when they are on duty. */
export function MyDutyHoursButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="h-8 px-2">
        <CalendarClock aria-hidden="true" className="h-4 w-4" /> Mes horaires
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Mes horaires de garde" description={WHY} wide>
        {open && <MyDutyHoursForm onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserCheck, UserX } from 'lucide-react';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { notify } from '#client/lib/notify.tsx';
import { staffMembersQueryOptions } from '#client/pages/admin/api/queries.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { useAssignIntervention } from './intervention-mutations.ts';

type Assignee = AdminInterventionDto['assignee'];

const nameOf = (a: NonNullable<Assignee>) => (a.firstName ? `${a.firstName} (${a.username})` : a.username);

/** Who handles the request; an admin gives it to another member (or to nobody) from here. */
export function AssigneeLine({ intervention: i }: { intervention: AdminInterventionDto }) {
  const session = useStaffSession();
  const mine = i.assignee !== null && i.assignee.username === session.data?.username;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {i.assignee ? (
        <p className="flex items-center gap-1.5 text-slate-800" data-testid="assignee">
          <UserCheck aria-hidden="true" className="h-4 w-4 text-brand-700" />
          {mine ? (
            <span>
              Traitée par <strong>vous</strong>
            </span>
          ) : (
            <span>
              Traitée par <strong>{nameOf(i.assignee)}</strong>
            </span>
          )}
        </p>
      ) : (
        <p className="flex items-center gap-1.5 text-slate-700" data-testid="assignee">
          <UserX aria-hidden="true" className="h-4 w-4" /> Non attribuée
        </p>
      )}
      {session.data?.role === 'admin' && i.status !== 'completed' && i.status !== 'cancelled' && (
        <Reassign intervention={i} />
      )}
    </div>
  );
}

function Reassign({ intervention: i }: { intervention: AdminInterventionDto }) {
  const id = useId();
  const team = useQuery(staffMembersQueryOptions);
  const assign = useAssignIntervention(i.id);
  const members = (team.data ?? []).filter((m) => !m.disabled);
  function change(value: string) {
    const staffId = value === '' ? null : Number(value);
    assign.mutate(staffId, {
      onSuccess: (updated) =>
        notify(
          'success',
          updated.assignee ? `Demande confiée à ${nameOf(updated.assignee)}` : 'Demande remise à personne',
        ),
      onError: (error) => notify('error', 'Attribution inchangée', error.message),
    });
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-slate-700">
        Confier à
      </label>
      <select
        id={id}
        value={i.assignee?.id ?? ''}
        disabled={assign.isPending || team.isPending}
        onChange={(e) => change(e.target.value)}
        className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Personne</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.firstName ? `${m.firstName} (${m.username})` : m.username}
          </option>
        ))}
      </select>
    </div>
  );
}

// One member in « Équipe »: who they are, how they sign in, and what an admin can do for them.
import { CalendarClock, KeyRound, LogOut, Power, ShieldOff } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/staff/staff-labels.ts';
import type { StaffMemberDto } from '#shared/staff/staff-members.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { notify } from '#client/lib/notify.tsx';
import { plural } from '#client/pages/admin/common/query-state.tsx';
import { useUpdateMember } from './staff-mutations.ts';
import { dutyHoursLabel } from '#shared/staff/duty-hours.ts';

export const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

export type Pending = {
  kind: 'disable' | 'link' | 'sessions' | 'twoFactor' | 'hours' | 'promote';
  member: StaffMemberDto;
} | null;

export function MemberRow({ member, isMe, onAsk }: { member: StaffMemberDto; isMe: boolean; onAsk(p: Pending): void }) {
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between" data-testid="team-member">
      <MemberSummary member={member} isMe={isMe} />
      <MemberActions member={member} isMe={isMe} onAsk={onAsk} />
    </li>
  );
}

function MemberSummary({ member, isMe }: { member: StaffMemberDto; isMe: boolean }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {member.username}
        {member.firstName && <span className="font-normal text-slate-700">({member.firstName})</span>}
        {isMe && <Badge tone="blue">Vous</Badge>}
        {member.disabled ? <Badge tone="red">Désactivé</Badge> : <Badge tone="green">Actif</Badge>}
        {member.twoFactor ? (
          <Badge tone="blue">Double authentification</Badge>
        ) : (
          <Badge tone="slate">Sans double authentification</Badge>
        )}
      </p>
      <p className="text-sm text-slate-700 break-all">{member.email ?? 'Pas d’adresse e-mail (compte de démarrage)'}</p>
      <p className="text-sm text-slate-600">
        {plural(member.openSessions, 'session ouverte', 'sessions ouvertes')}
        {member.lastSeenAt && (
          <>
            {' '}
            · dernière activité <time dateTime={member.lastSeenAt}>{formatDateTime(member.lastSeenAt)}</time>
          </>
        )}
      </p>
      <p className="text-sm text-slate-700" data-testid="duty-hours">
        Horaires de garde : {dutyHoursLabel(member.dutyHours)}
      </p>
    </div>
  );
}

/** Role, hours, password link, second factor, sessions, enabled: each asks for a confirmation first where it bites. */
function MemberActions({ member, isMe, onAsk }: { member: StaffMemberDto; isMe: boolean; onAsk(p: Pending): void }) {
  const update = useUpdateMember();
  function changeRole(role: StaffRole) {
    // Admin opens everything (the team, the money, the journal): asked first, as a slip on the menu would give it.
    if (role === 'admin') return onAsk({ kind: 'promote', member });
    update.mutate(
      { id: member.id, role },
      {
        onSuccess: () =>
          notify('success', `${member.username} est maintenant ${STAFF_ROLE_LABELS[role].toLowerCase()}`),
        onError: (error) => notify('error', 'Rôle inchangé', error.message),
      },
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Rôle
        <select
          className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          value={member.role}
          disabled={update.isPending}
          onChange={(e) => changeRole(e.target.value as StaffRole)}
          aria-label={`Rôle de ${member.username}`}
        >
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" variant="secondary" onClick={() => onAsk({ kind: 'hours', member })}>
        <CalendarClock aria-hidden="true" className="h-4 w-4" /> Horaires
      </Button>
      {!member.disabled && member.email && (
        <Button size="sm" variant="secondary" onClick={() => onAsk({ kind: 'link', member })}>
          <KeyRound aria-hidden="true" className="h-4 w-4" /> Réinitialiser le mot de passe
        </Button>
      )}
      {member.twoFactor && (
        <Button size="sm" variant="secondary" onClick={() => onAsk({ kind: 'twoFactor', member })}>
          <ShieldOff aria-hidden="true" className="h-4 w-4" /> Réinitialiser la double authentification
        </Button>
      )}
      {member.openSessions > 0 && !isMe && (
        <Button size="sm" variant="secondary" onClick={() => onAsk({ kind: 'sessions', member })}>
          <LogOut aria-hidden="true" className="h-4 w-4" /> Fermer ses sessions
        </Button>
      )}
      {member.disabled ? (
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { id: member.id, disabled: false },
              {
                onSuccess: () =>
                  notify('success', `${member.username} est réactivé`, 'Il peut de nouveau se connecter.'),
                onError: (error) => notify('error', 'Impossible de réactiver ce membre', error.message),
              },
            )
          }
        >
          <Power aria-hidden="true" className="h-4 w-4" /> Réactiver
        </Button>
      ) : (
        <Button size="sm" variant="danger" onClick={() => onAsk({ kind: 'disable', member })}>
          <Power aria-hidden="true" className="h-4 w-4" /> Désactiver
        </Button>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, KeyRound, LogOut, Power, ShieldOff, UserPlus } from 'lucide-react';
import { formatDateTime } from '#shared/format.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/staff/staff-labels.ts';
import {
  STAFF_PASSWORD_LINK_HOURS,
  staffMemberCreateInputSchema,
  type StaffMemberCreateInput,
  type StaffMemberCreateValues,
  type StaffMemberDto,
} from '#shared/staff/staff-members.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { staffMembersQueryOptions } from '#client/pages/admin/api/queries.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { EmptyState, Loading, plural, QueryError, TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { useCreateMember, useEndMemberSessions, useSendPasswordLink, useUpdateMember } from './staff-mutations.ts';
import { StaffSecurityCard } from '#client/pages/admin/two-factor/staff-security.tsx';
import { useResetMemberTwoFactor } from '#client/pages/admin/two-factor/two-factor-api.ts';
import { MemberDutyHoursDialog } from './duty-hours-dialogs.tsx';
import { dutyHoursLabel } from '#shared/staff/duty-hours.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));

function CreateMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const create = useCreateMember();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<StaffMemberCreateInput, unknown, StaffMemberCreateValues>({
    resolver: zodResolver(staffMemberCreateInputSchema),
    defaultValues: { username: '', firstName: '', email: '', role: 'technicien' },
  });
  const submit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (member) => {
        notify(
          'success',
          `${member.username} ajouté à l’équipe`,
          `Un e-mail lui permet de choisir son mot de passe (lien valable ${STAFF_PASSWORD_LINK_HOURS} h).`,
        );
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['username', 'firstName', 'email', 'role']))
          notify('error', 'Impossible d’ajouter ce membre', error.message);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Ajouter un membre"
      description={`Il recevra un e-mail avec un lien pour choisir lui-même son mot de passe (valable ${STAFF_PASSWORD_LINK_HOURS} heures, une seule fois).`}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
        <TextField
          label="Identifiant"
          autoComplete="off"
          autoCapitalize="none"
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Prénom (montré aux clients)"
          autoComplete="off"
          error={errors.firstName?.message}
          hint="« Pris en charge par Julien » sur les demandes qu’il traite ; vide : « par l’équipe »."
          {...register('firstName')}
        />
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          label="Rôle"
          options={ROLE_OPTIONS}
          error={errors.role?.message}
          hint="Un technicien voit Messages, Abonnements et Interventions ; ni l’argent, ni les commandes, ni l’équipe."
          {...register('role')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Ajouter et envoyer le lien
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type Pending = { kind: 'disable' | 'link' | 'sessions' | 'twoFactor' | 'hours'; member: StaffMemberDto } | null;

function MemberRow({ member, isMe, onAsk }: { member: StaffMemberDto; isMe: boolean; onAsk(p: Pending): void }) {
  const update = useUpdateMember();
  function changeRole(role: StaffRole) {
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
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between" data-testid="team-member">
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
        <p className="text-sm text-slate-700 break-all">
          {member.email ?? 'Pas d’adresse e-mail (compte de démarrage)'}
        </p>
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
    </li>
  );
}

/** « Équipe » (admins): who may sign in to the back-office, with which role. */
export function StaffTab() {
  const query = useQuery(staffMembersQueryOptions);
  const session = useStaffSession();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const update = useUpdateMember();
  const link = useSendPasswordLink();
  const endSessions = useEndMemberSessions();
  const resetTwoFactor = useResetMemberTwoFactor();

  function confirm() {
    if (!pending || pending.kind === 'hours') return;
    const { member } = pending;
    const onError = (error: Error) => notify('error', 'Action impossible', error.message);
    if (pending.kind === 'disable') {
      update.mutate(
        { id: member.id, disabled: true },
        {
          onSuccess: () => notify('success', `${member.username} est désactivé`, 'Ses sessions sont fermées.'),
          onError,
        },
      );
    } else if (pending.kind === 'link') {
      link.mutate(member.id, {
        onSuccess: () =>
          notify('success', 'Lien envoyé', `${member.username} choisira un nouveau mot de passe depuis l’e-mail.`),
        onError,
      });
    } else if (pending.kind === 'twoFactor') {
      resetTwoFactor.mutate(member.id, {
        onSuccess: () =>
          notify(
            'success',
            'Double authentification réinitialisée',
            `${member.username} devra la configurer de nouveau.`,
          ),
        onError,
      });
    } else {
      endSessions.mutate(member.id, {
        onSuccess: ({ ended }) => notify('success', `${plural(ended, 'session fermée', 'sessions fermées')}`),
        onError,
      });
    }
  }

  const texts =
    pending && pending.kind !== 'hours'
      ? {
          disable: {
            title: `Désactiver ${pending.member.username} ?`,
            label: 'Désactiver',
            description:
              'Il ne pourra plus se connecter et ses sessions ouvertes sont fermées tout de suite. Vous pourrez le réactiver.',
          },
          link: {
            title: `Réinitialiser le mot de passe de ${pending.member.username} ?`,
            label: 'Envoyer le lien',
            description: `Son mot de passe actuel cesse de fonctionner et ses sessions sont fermées. Il reçoit à ${pending.member.email} un lien valable ${STAFF_PASSWORD_LINK_HOURS} heures.`,
          },
          sessions: {
            title: `Fermer les sessions de ${pending.member.username} ?`,
            label: 'Fermer ses sessions',
            description: 'Il devra se reconnecter sur chacun de ses appareils.',
          },
          twoFactor: {
            title: `Réinitialiser la double authentification de ${pending.member.username} ?`,
            label: 'Réinitialiser',
            description:
              'Pour un téléphone perdu ou changé : son application et ses codes de secours ne fonctionneront plus, ses sessions sont fermées. Il se reconnecte avec son mot de passe puis configure de nouveau la double authentification (tout de suite si elle est exigée pour l’équipe).',
          },
        }[pending.kind]
      : null;

  return (
    <section aria-labelledby="team-title">
      <TabHeading id="team-title" title="Équipe" count={query.data && plural(query.data.length, 'membre')}>
        <Button onClick={() => setCreating(true)}>
          <UserPlus aria-hidden="true" className="h-4 w-4" /> Ajouter un membre
        </Button>
      </TabHeading>
      <StaffSecurityCard />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState>Aucun membre.</EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4"
          aria-label="Membres de l’équipe"
        >
          {query.data.map((m) => (
            <MemberRow key={m.id} member={m} isMe={m.username === session.data?.username} onAsk={setPending} />
          ))}
        </ul>
      )}
      <CreateMemberDialog open={creating} onOpenChange={setCreating} />
      <MemberDutyHoursDialog
        member={pending?.kind === 'hours' ? pending.member : null}
        onClose={() => setPending(null)}
      />
      <ConfirmDialog
        open={pending !== null && pending.kind !== 'hours'}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        onConfirm={confirm}
        danger={pending?.kind !== 'sessions'}
        title={texts?.title ?? ''}
        confirmLabel={texts?.label ?? ''}
        description={texts?.description ?? ''}
      />
    </section>
  );
}

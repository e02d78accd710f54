import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import {
  STAFF_PASSWORD_LINK_HOURS,
  staffMemberCreateInputSchema,
  type StaffMemberCreateInput,
  type StaffMemberCreateValues,
} from '#shared/staff/staff-members.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SelectField, TextField } from '#client/components/ui/field.tsx';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { staffMembersQueryOptions } from '#client/pages/admin/api/queries.ts';
import { useStaffSession } from '#client/pages/admin/api/session.ts';
import { EmptyState, Loading, plural, QueryError, TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { useCreateMember } from './staff-mutations.ts';
import { StaffSecurityCard } from '#client/pages/admin/two-factor/staff-security.tsx';
import { MemberDutyHoursDialog } from './duty-hours-dialogs.tsx';
import type { Pending } from './member-row.tsx';
import { MemberRow, ROLE_OPTIONS } from './member-row.tsx';
import { useMemberConfirmation } from './member-confirmation.ts';

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

/** « Équipe » (admins): who may sign in to the back-office, with which role. */
export function StaffTab() {
  const query = useQuery(staffMembersQueryOptions);
  const session = useStaffSession();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const { confirm, texts } = useMemberConfirmation(pending);

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

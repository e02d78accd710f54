import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { passwordWeakness, PASSWORD_MIN_LENGTH } from '#shared/security/password-rules.ts';
import { staffChangePasswordInputSchema, type StaffChangePasswordInput } from '#shared/staff/staff-members.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/field.tsx';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { plural } from '#client/pages/admin/common/query-state.tsx';
import { useChangeOwnPassword } from './staff-mutations.ts';

function MyPasswordForm({ username, onDone }: { username: string; onDone(): void }) {
  const change = useChangeOwnPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StaffChangePasswordInput>({
    resolver: zodResolver(staffChangePasswordInputSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const submit = handleSubmit((values) => {
    const weakness = passwordWeakness(values.newPassword, { username });
    if (weakness) return setError('newPassword', { message: weakness });
    change.mutate(values, {
      onSuccess: ({ ended }) => {
        notify(
          'success',
          'Mot de passe changé',
          ended ? `${plural(ended, 'autre session fermée', 'autres sessions fermées')}.` : undefined,
        );
        onDone();
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, ['currentPassword', 'newPassword']))
          notify('error', 'Mot de passe inchangé', error.message);
      },
    });
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <TextField
        label="Mot de passe actuel"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword?.message}
        hint={`Au moins ${PASSWORD_MIN_LENGTH} caractères, sans votre identifiant.`}
        {...register('newPassword')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Annuler
        </Button>
        <Button type="submit" disabled={change.isPending}>
          Changer le mot de passe
        </Button>
      </div>
    </form>
  );
}

/** « Mon mot de passe », beside « Mes sessions »: every other session of the member ends with the change. */
export function MyPasswordButton({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="h-8 px-2">
        <KeyRound aria-hidden="true" className="h-4 w-4" /> Mon mot de passe
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Changer mon mot de passe"
        description="Vos autres sessions seront fermées ; celle-ci reste ouverte."
      >
        {open && <MyPasswordForm username={username} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { refusalInputSchema, type RefusalInput, type InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { useRefuseInboxItem } from './inbox-mutations.ts';

const FIELDS = ['reason'] as const;

const TEXTS = {
  registration: {
    title: (name: string) => `Refuser l’inscription de ${name} ?`,
    done: 'Inscription refusée',
    hint: 'Quelques mots polis, par exemple : « Nous n’intervenons pas sur ce type d’appareil. »',
  },
  erasure: {
    title: (name: string) => `Refuser l’effacement des données de ${name} ?`,
    done: 'Effacement refusé',
    hint: 'La raison légale ou pratique, par exemple : « Une intervention est en cours : nous effacerons vos données dès sa clôture. »',
  },
};

/**
 * « Refuser » a registration or an erasure request: a short reason, sent to the person by e-mail; the text stays if
 * sending the form fails.
 */
export function RefuseDialog({
  request: r,
  open,
  onOpenChange,
}: {
  request: InboxItemDto;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const refuse = useRefuseInboxItem(r);
  const texts = TEXTS[r.kind === 'erasure' ? 'erasure' : 'registration'];
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RefusalInput>({
    resolver: zodResolver(refusalInputSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit((values) =>
    refuse.mutate(values, {
      onSuccess: () => {
        reset({ reason: '' });
        onOpenChange(false);
        notify('success', texts.done, `${r.name} recevra la raison du refus par e-mail.`);
      },
      onError: (error) => {
        if (!applyFieldErrors(error, setError, FIELDS))
          notify('error', 'Impossible de refuser la demande', serverMessage(error, 'Veuillez réessayer.'));
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title(r.name)}
      description={`La demande sera fermée et ${r.email} recevra un e-mail avec la raison ci-dessous.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextAreaField
          label="Raison du refus"
          rows={3}
          maxLength={500}
          autoFocus
          hint={texts.hint}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" disabled={refuse.isPending}>
            {refuse.isPending ? 'Envoi...' : 'Refuser et prévenir'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

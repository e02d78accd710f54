import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Button, SubmitButton } from '#client/components/ui/button.tsx';
import { DataNotice } from '#client/components/privacy/data-notice.tsx';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { captchaHint, captchaLabel } from './contact-captcha.tsx';
import { loadValidation, useContactForm } from './use-contact-form.ts';

/** The contact form, checked by the same zod schema as the server; the server's field errors land under the fields. */
export function ContactForm() {
  const { form, captcha, sent, loadCaptcha, onSubmit } = useContactForm();
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadValidation()}
      method="post"
      noValidate
      className="space-y-5"
      aria-labelledby="contact-titre"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Nom" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField label="Sujet (facultatif)" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={5} error={errors.message?.message} {...register('message')} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={captchaLabel(captcha)}
          hint={captchaHint(captcha)}
          inputMode="numeric"
          autoComplete="off"
          className="flex-1"
          error={errors.captchaAnswer?.message ?? errors.captchaToken?.message}
          {...register('captchaAnswer')}
        />
        <Button type="button" variant="secondary" className="sm:mb-7" onClick={() => void loadCaptcha()}>
          Nouvelle question
        </Button>
      </div>
      <SubmitButton size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Envoi en cours...' : 'Envoyer le message'}
      </SubmitButton>
      <DataNotice>
        Votre nom, votre e-mail et votre message servent uniquement à vous répondre. Nous les gardons{' '}
        {durationLabel(RETENTION.contactMessages)} {RETENTION.contactMessages.from}.
      </DataNotice>
      <p role="status" className="font-medium text-emerald-800">
        {sent ? 'Merci, votre message est bien parti. Nous vous répondrons par e-mail.' : ''}
      </p>
    </form>
  );
}

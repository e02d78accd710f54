import { useCallback, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { CaptchaChallenge, ContactInput } from '#shared/inbox/contact.ts';
import { api, ApiRequestError } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { DataNotice } from '#client/components/privacy/data-notice.tsx';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { nbsp } from './typography.ts';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '', captchaToken: '', captchaAnswer: '' };
const FIELDS = ['name', 'email', 'subject', 'message', 'captchaAnswer'] as const;
type Captcha = { question: string } | { failed: true } | null;

/** Fetched on the first focus in the form (or, at the latest, on the first check): see contact-validation.ts. */
const loadValidation = () => import('./contact-validation.ts');
const lazyResolver: Resolver<ContactInput> = async (values, context, options) =>
  (await loadValidation()).contactResolver(values, context, options);

/** The contact form, checked by the same zod schema as the server; the server's field errors land under the fields. */
export function ContactForm() {
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: lazyResolver,
    defaultValues: EMPTY,
  });
  const [captcha, setCaptcha] = useState<Captcha>(null);
  const [sent, setSent] = useState(false);

  const loadCaptcha = useCallback(async () => {
    setCaptcha(null);
    try {
      const challenge = await api<CaptchaChallenge>('/api/contact/captcha');
      setValue('captchaToken', challenge.token);
      setCaptcha({ question: challenge.question });
    } catch {
      setCaptcha({ failed: true });
    }
  }, [setValue]);

  useEffect(() => {
    void loadCaptcha();
  }, [loadCaptcha]);

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    try {
      await api('/api/contact', { method: 'POST', json: values });
      reset(EMPTY);
      setSent(true);
      notify('success', 'Message envoyé', 'Merci ! Nous vous répondrons par e-mail dans les meilleurs délais.');
      void loadCaptcha();
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? (error.fieldErrors ?? {}) : {};
      if (fieldErrors.captchaAnswer || fieldErrors.captchaToken) {
        // A wrong or expired answer: a new question, an empty answer, and everything else kept as typed.
        setValue('captchaAnswer', '');
        void loadCaptcha();
      }
      // An expired question (its token) is told under the answer, the only captcha field a visitor sees.
      if (!applyFieldErrors(error, setError, FIELDS, { captchaToken: 'captchaAnswer' })) {
        notify('error', 'Message non envoyé', error instanceof Error ? error.message : undefined);
      }
    }
  });

  // The sum stays on one line: "4 +" then "5 ?" on the next reads badly.
  const captchaLabel =
    captcha && 'question' in captcha ? (
      <>
        {nbsp('Question de sécurité : ')}
        <span className="whitespace-nowrap">{captcha.question}</span>
      </>
    ) : (
      'Question de sécurité'
    );
  const captchaHint =
    captcha === null
      ? 'Chargement de la question…'
      : 'failed' in captcha
        ? nbsp('La question n’a pas pu être chargée. Cliquez sur « Nouvelle question ».')
        : 'Elle nous protège des envois automatiques. Répondez en chiffres.';

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
          label={captchaLabel}
          hint={captchaHint}
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
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Envoi en cours...' : 'Envoyer le message'}
      </Button>
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

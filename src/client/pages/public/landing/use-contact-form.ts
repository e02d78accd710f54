import { useCallback, useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { CaptchaChallenge, ContactInput } from '#shared/inbox/contact.ts';
import { api, ApiRequestError } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '', captchaToken: '', captchaAnswer: '' };
const FIELDS = ['name', 'email', 'subject', 'message', 'captchaAnswer'] as const;
export type Captcha = { question: string } | { failed: true } | null;

/** Fetched on the first focus in the form (or, at the latest, on the first check): see contact-validation.ts. */
export const loadValidation = () => import('./contact-validation.ts');
const lazyResolver: Resolver<ContactInput> = async (values, context, options) =>
  (await loadValidation()).contactResolver(values, context, options);

/**
 * The contact form's state: its fields, the captcha question (a new one after each send or wrong answer) and the
 * submission. Only contact-form.tsx imports it, so it stays in the form's lazily loaded chunk.
 */
export function useContactForm() {
  const form = useForm({ resolver: lazyResolver, defaultValues: EMPTY });
  const { handleSubmit, setError, setValue, reset } = form;
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

  return { form, captcha, sent, loadCaptcha, onSubmit };
}

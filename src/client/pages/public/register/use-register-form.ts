import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '#client/lib/router.ts';
import { api, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { registrationInputSchema, type Registration, type RegistrationInput } from '#shared/inbox/registration.ts';
import type { Plan } from '#shared/plans.ts';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'planId', 'deviceType', 'deviceInfo', 'acceptCgv'] as const;

/** The registration form's state and submission: on success the visitor goes on to the confirmation page. */
export function useRegisterForm(plan: Plan | undefined) {
  const navigate = useNavigate();
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationInputSchema),
    // Only the plan: with no default, a field keeps what the visitor typed before the page finished loading.
    defaultValues: { planId: plan?.id, acceptCgv: false, expressStart: false },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api('/api/register', { method: 'POST', json: values });
      void navigate('/register-success');
    } catch (error) {
      // Typed values stay in place: only errors are added.
      applyFieldErrors(error, form.setError, FIELDS);
      // The server's French message when it sent one; the wrapper's "500: Internal Server Error" is not for people.
      const message = serverMessage(error, "Erreur lors de l'inscription");
      notify('error', "Erreur d'inscription", message);
    }
  });

  return { form, onSubmit };
}

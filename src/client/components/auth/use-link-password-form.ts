import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '#shared/error-codes.ts';
import { newPassword } from '#shared/security/password-rules.ts';
import { z } from '#shared/common/zod.ts';
import { ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { useSearchParams } from '#client/lib/router.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { checkConfirmation, confirmPassword } from './new-password.ts';

const formSchema = z.object({ newPassword, confirmPassword }).superRefine(checkConfirmation);
type LinkPasswordForm = z.input<typeof formSchema>;

type LinkPasswordOptions = {
  /** sends the link's token with the new password, then tells the person it is done */
  send(input: { token: string; newPassword: string }): Promise<void>;
  /** the code of a used, expired or unknown link, and what the page then says */
  refusedCode: ErrorCode;
  refusedMessage: string;
  /** the notice when the password could not be saved for another reason */
  failure: string;
};

/**
 * The form of a page opened from an e-mailed link (…?token=…): a new password twice, sent with the token. `invalid`
 * once the link is known to be incomplete or the server refused it (on `token`, which the form has no field for).
 */
export function useLinkPasswordForm({ send, refusedCode, refusedMessage, failure }: LinkPasswordOptions) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkPasswordForm>({
    resolver: zodResolver(formSchema),
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await send({ token, newPassword });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.code === refusedCode || !!error.fieldErrors?.token)) {
        // Kept in form state so the page switches to its « ask again » message.
        setError('root.link', { type: 'server', message: refusedMessage });
        return;
      }
      if (!applyFieldErrors(error, setError, ['newPassword'])) notify('error', 'Erreur', serverMessage(error, failure));
    }
  });

  // The server's page has no token (it is not part of what is cached): only the browser can tell a link is incomplete.
  const invalid = (hydrated && !token) || !!errors.root?.link;
  return { register, errors, isSubmitting, onSubmit, invalid };
}

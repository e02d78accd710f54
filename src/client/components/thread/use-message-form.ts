import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_BIG,
  messageInputSchema,
  type MessageInput,
  type Thread,
} from '#shared/interventions/thread-api.ts';
import { api, ApiRequestError, serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';

type Where = { basePath: string; queryKey: QueryKey; refreshKey: QueryKey };

/**
 * The message form's state: the text, the file picked (read here into base64), and the sending, which puts the
 * thread the server answers in the cache and empties the form, file included.
 */
export function useMessageForm({ basePath, queryKey, refreshKey }: Where) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (input: MessageInput) => api<Thread>(`${basePath}/messages`, { method: 'POST', json: input }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKey, data);
      void queryClient.invalidateQueries({ queryKey: refreshKey });
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<MessageInput>({
    resolver: zodResolver(messageInputSchema),
    defaultValues: { body: '' },
  });
  const [fileInputKey, setFileInputKey] = useState(0);
  const submit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        reset({ body: '' });
        setFileInputKey((k) => k + 1);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 401) return;
        if (!applyFieldErrors(error, setError, ['body', 'attachment']))
          notify('error', 'Message non envoyé', serverMessage(error, 'Réessayez dans un instant.'));
      },
    }),
  );
  // Its type is judged by the server from its content; its size is checked here first.
  async function pick(file: File | undefined) {
    if (!file) return setValue('attachment', undefined);
    if (file.size > ATTACHMENT_MAX_BYTES) {
      setValue('attachment', undefined);
      return setError('attachment', { type: 'size', message: ATTACHMENT_TOO_BIG });
    }
    const data = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
    setValue('attachment', { name: file.name, data }, { shouldValidate: true });
  }
  const attached = useWatch({ control, name: 'attachment' });
  return { register, errors, submit, pick, attached, fileInputKey, sending: send.isPending };
}

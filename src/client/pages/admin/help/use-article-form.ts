import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serverMessage } from '#client/lib/api.ts';
import { applyFieldErrors } from '#client/lib/form-errors.ts';
import { notify } from '#client/lib/notify.tsx';
import { helpArticleInputSchema, type HelpArticleDto } from '#shared/help/help-admin-api.ts';
import { useSaveArticle, type ArticleInput } from './help-api.ts';

const FIELDS = ['title', 'slug', 'category', 'summary', 'body'] as const;

/**
 * The article form's state, the title and body it watches (for the address hint and the preview), and `submit`, which
 * saves with the status a button asks for: a draft, or published.
 */
export function useArticleForm(article: HelpArticleDto | null, onDone: () => void) {
  const save = useSaveArticle(article?.id ?? null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ArticleInput>({
    resolver: zodResolver(helpArticleInputSchema),
    defaultValues: article
      ? { ...article, slug: article.slug }
      : { title: '', slug: '', category: undefined, summary: '', body: '' },
  });
  const [title, body] = useWatch({ control, name: ['title', 'body'] });

  const submit = (status: 'draft' | 'published') =>
    handleSubmit(async (values) => {
      try {
        await save.mutateAsync({ ...values, status });
        await notify('success', status === 'published' ? 'Article publié' : 'Brouillon enregistré');
        onDone();
      } catch (error) {
        if (!applyFieldErrors(error, setError, FIELDS)) {
          await notify('error', serverMessage(error, 'L’article n’a pas pu être enregistré. Réessayez.'));
        }
      }
    });

  return { register, errors, title, body, submit, pending: save.isPending };
}

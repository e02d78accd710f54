import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FailedSearchDto, HelpArticleDto, helpArticleInputSchema } from '#shared/help/help-admin-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

export type ArticleInput = z.input<typeof helpArticleInputSchema>;

// Under adminKeys.data: « Actualiser » and a sign-out reach them with the rest.
const helpKeys = {
  all: [...adminKeys.data, 'help'] as const,
  articles: [...adminKeys.data, 'help', 'articles'] as const,
  misses: [...adminKeys.data, 'help', 'misses'] as const,
};

export const helpArticlesQueryOptions = queryOptions({
  queryKey: helpKeys.articles,
  queryFn: () => api<HelpArticleDto[]>('/api/admin/help/articles'),
});

export const failedSearchesQueryOptions = queryOptions({
  queryKey: helpKeys.misses,
  queryFn: () => api<FailedSearchDto[]>('/api/admin/help/failed-searches'),
});

/** Writes a new article (id null) or changes one; the list then shows it as saved. */
export function useSaveArticle(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleInput) =>
      api<HelpArticleDto>(id === null ? '/api/admin/help/articles' : `/api/admin/help/articles/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.all }),
  });
}

export function useDeleteArticle(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(`/api/admin/help/articles/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: helpKeys.all }),
  });
}

/** The body as the public page will show it, rendered by the server's own Markdown. */
export function usePreview() {
  return useMutation({
    mutationFn: (body: string) => api<{ html: string }>('/api/admin/help/preview', { method: 'POST', json: { body } }),
  });
}

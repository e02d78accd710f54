import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { notify } from '#client/lib/notify.tsx';
import type { HelpArticleDto } from '#shared/help/help-admin-api.ts';
import { HELP_CATEGORIES, HELP_CATEGORY_LABELS } from '#shared/help/help-labels.ts';
import { helpArticlePath } from '#shared/help/help-pages.ts';
import { slugify } from '#shared/help/slug.ts';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { useDeleteArticle } from './help-api.ts';
import { useArticleForm } from './use-article-form.ts';
import { MarkdownPreview } from './markdown-preview.tsx';

const CATEGORY_OPTIONS = HELP_CATEGORIES.map((value) => ({ value, label: HELP_CATEGORY_LABELS[value] }));
const MARKDOWN_HINT =
  'En Markdown : « ## » pour un intertitre, **gras**, « 1. » ou « - » pour une liste, [texte](adresse) pour un lien. Le HTML s’affiche tel quel.';

type Props = { article: HelpArticleDto | null; role: StaffRole; onDone(): void };

/** Writing an article: a technician saves drafts; an admin publishes, takes off the site, deletes. */
export function ArticleEditor({ article, role, onDone }: Props) {
  const admin = role === 'admin';
  const locked = !admin && article?.status === 'published';
  const { register, errors, title, body, submit, pending } = useArticleForm(article, onDone);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <section aria-labelledby="editor-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="editor-title" className="text-xl font-bold text-slate-900">
          {article ? 'Modifier l’article' : 'Nouvel article'}
        </h2>
        <Button variant="ghost" onClick={onDone}>
          Retour à la liste
        </Button>
      </div>
      {locked && (
        <p role="status" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          Cet article est publié : seul un administrateur peut le modifier.
        </p>
      )}
      <form noValidate onSubmit={submit(article?.status === 'published' ? 'published' : 'draft')} className="space-y-4">
        <fieldset disabled={locked || pending} className="space-y-4">
          <TextField label="Titre" error={errors.title?.message} maxLength={120} {...register('title')} />
          <TextField
            label="Adresse (facultative)"
            error={errors.slug?.message}
            hint={`Vide : ${helpArticlePath(slugify(title ?? '') || '…')}`}
            autoComplete="off"
            spellCheck={false}
            {...register('slug')}
          />
          <SelectField
            label="Thème"
            placeholder="Choisissez un thème"
            options={CATEGORY_OPTIONS}
            error={errors.category?.message}
            {...register('category')}
          />
          <TextAreaField
            label="Résumé"
            rows={2}
            maxLength={300}
            error={errors.summary?.message}
            hint="Une ou deux phrases : elles apparaissent dans les résultats et sous le titre."
            {...register('summary')}
          />
          <TextAreaField
            label="Texte"
            rows={14}
            error={errors.body?.message}
            hint={MARKDOWN_HINT}
            {...register('body')}
          />
        </fieldset>
        <MarkdownPreview body={body ?? ''} />
        {!locked && (
          <EditorActions
            article={article}
            admin={admin}
            pending={pending}
            submit={submit}
            onDelete={() => setConfirmDelete(true)}
          />
        )}
      </form>
      {article && admin && (
        <DeleteConfirmation article={article} open={confirmDelete} onOpenChange={setConfirmDelete} onDeleted={onDone} />
      )}
    </section>
  );
}

function EditorActions({
  article,
  admin,
  pending,
  submit,
  onDelete,
}: {
  article: HelpArticleDto | null;
  admin: boolean;
  pending: boolean;
  submit(status: 'draft' | 'published'): () => Promise<void>;
  onDelete(): void;
}) {
  const published = article?.status === 'published';
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {article && admin && (
        <Button variant="danger" onClick={onDelete} disabled={pending} className="sm:mr-auto">
          Supprimer
        </Button>
      )}
      {published ? (
        <>
          <Button variant="secondary" onClick={() => void submit('draft')()} disabled={pending}>
            Retirer du site
          </Button>
          <Button type="submit" disabled={pending}>
            Enregistrer
          </Button>
        </>
      ) : (
        <>
          {/* Enter in a field saves a draft: publishing is always a click of its own. */}
          <Button variant={admin ? 'secondary' : 'primary'} type="submit" disabled={pending}>
            Enregistrer le brouillon
          </Button>
          {admin && (
            <Button onClick={() => void submit('published')()} disabled={pending}>
              Publier
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function DeleteConfirmation({
  article,
  open,
  onOpenChange,
  onDeleted,
}: {
  article: HelpArticleDto;
  open: boolean;
  onOpenChange(open: boolean): void;
  onDeleted(): void;
}) {
  const remove = useDeleteArticle(article.id);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Supprimer cet article ?"
      description={`« ${article.title} » disparaît du site et de la recherche, avec ses lectures et ses avis. Le journal garde son texte.`}
      confirmLabel="Supprimer"
      danger
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            void notify('success', 'Article supprimé');
            onDeleted();
          },
          onError: (error) => void notify('error', serverMessage(error, 'L’article n’a pas pu être supprimé.')),
        })
      }
    />
  );
}

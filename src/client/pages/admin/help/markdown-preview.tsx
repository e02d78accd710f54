import { Button } from '#client/components/ui/button.tsx';
import { serverMessage } from '#client/lib/api.ts';
import { usePreview } from './help-api.ts';

/** « Aperçu »: the body rendered by the server as the public page renders it (raw HTML shown as text). */
export function MarkdownPreview({ body }: { body: string }) {
  const preview = usePreview();
  return (
    <div>
      <Button variant="secondary" size="sm" onClick={() => preview.mutate(body)} disabled={preview.isPending}>
        Aperçu
      </Button>
      {preview.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {serverMessage(preview.error, 'L’aperçu n’a pas pu être affiché.')}
        </p>
      )}
      {preview.data && (
        <div
          aria-label="Aperçu de l’article"
          role="region"
          className="mt-3 rounded-lg border border-slate-200 bg-white p-4 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-2 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: preview.data.html }}
        />
      )}
    </div>
  );
}

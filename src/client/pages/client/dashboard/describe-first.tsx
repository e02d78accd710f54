import { useState } from 'react';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { HelpSuggestions } from '#client/pages/client/common/help-suggestions.tsx';

/**
 * The dashboard's request in words, folded under its one-click buttons (the home stays short on a phone): as the
 * client describes the problem, articles that may answer it are suggested; « Non, envoyer ma demande » sends the
 * request with this description.
 */
export function DescribeFirst({
  onSend,
  sending,
}: {
  onSend(description: string): Promise<unknown>;
  sending: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="mt-3 rounded-lg border border-slate-200 bg-white px-3 py-2"
    >
      <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-700">
        Décrire mon problème d’abord
      </summary>
      <div className="mt-2 space-y-3 pb-1">
        <TextAreaField
          label="Décrivez votre problème"
          rows={3}
          maxLength={2000}
          placeholder="Par exemple : mon imprimante n’imprime plus"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <HelpSuggestions
          text={text}
          sending={sending}
          onSolved={() => {
            setText('');
            setOpen(false);
          }}
          onSend={() =>
            void onSend(text).then(
              () => {
                setText('');
                setOpen(false);
              },
              // Said by the request's own error notice; what was typed stays.
              () => undefined,
            )
          }
        />
      </div>
    </details>
  );
}

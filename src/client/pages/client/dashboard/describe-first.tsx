import { useState } from 'react';
import { TextAreaField } from '#client/components/ui/field.tsx';
import { HelpSuggestions } from '#client/pages/client/common/help-suggestions.tsx';

/**
 * The dashboard's request in words, opened by « Décrire mon problème d’abord » beside the one-click buttons: as the
 * client describes the problem, articles that may answer it are suggested; « Non, envoyer ma demande » sends the
 * request with this description. Closing it (`onClose`) follows a solved problem or a sent request.
 */
export function DescribeFirst({
  id,
  hidden,
  onSend,
  onClose,
  sending,
}: {
  id: string;
  hidden: boolean;
  onSend(description: string): Promise<unknown>;
  onClose(): void;
  sending: boolean;
}) {
  const [text, setText] = useState('');
  const done = () => {
    setText('');
    onClose();
  };
  return (
    <div id={id} hidden={hidden} className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-white p-3">
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
        onSolved={done}
        onSend={() =>
          void onSend(text).then(
            done,
            // Said by the request's own error notice; what was typed stays.
            () => undefined,
          )
        }
      />
    </div>
  );
}

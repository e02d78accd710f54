import { useState } from 'react';
import { LONG_TEXT_MAX } from '#shared/common/fields.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextAreaField } from '#client/components/ui/field.tsx';

type NotesEditorProps = {
  label: string;
  initial: string;
  pending: boolean;
  onSave(notes: string): void;
  onCancel?(): void;
};

/** Notes about a client are in the export of their data (right of access): staff write knowing it. */
export const CLIENT_READS_NOTES = 'Le client peut en demander copie : ces notes figurent dans l’export de ses données.';

/** A textarea with « Enregistrer » (and « Annuler »); the text is kept if saving fails. */
export function NotesEditor({ label, initial, pending, onSave, onCancel }: NotesEditorProps) {
  const [notes, setNotes] = useState(initial);
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(notes.trim());
      }}
    >
      <TextAreaField
        label={label}
        rows={3}
        maxLength={LONG_TEXT_MAX}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        hint={CLIENT_READS_NOTES}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending || notes.trim() === initial.trim()}>
          {pending ? 'Enregistrement...' : 'Enregistrer'}
        </Button>
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
        )}
      </div>
    </form>
  );
}

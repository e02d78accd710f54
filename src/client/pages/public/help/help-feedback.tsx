import { useState } from 'react';
import { api, serverMessage } from '#client/lib/api.ts';
import { Button } from '#client/components/ui/button.tsx';

type State =
  { step: 'ask' } | { step: 'sending' } | { step: 'thanks'; helpful: boolean } | { step: 'error'; message: string };

/** « Cet article vous a-t-il aidé ? Oui / Non »: one answer per visit, counted for staff. */
export function HelpFeedback({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ step: 'ask' });
  async function answer(helpful: boolean) {
    setState({ step: 'sending' });
    try {
      await api(`/api/help/articles/${slug}/feedback`, { method: 'POST', json: { answer: helpful ? 'yes' : 'no' } });
      setState({ step: 'thanks', helpful });
    } catch (error) {
      setState({ step: 'error', message: serverMessage(error, 'Votre réponse n’a pas pu être envoyée. Réessayez.') });
    }
  }
  return (
    <section aria-labelledby="avis-titre" className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="avis-titre" className="text-lg font-semibold text-slate-900">
        Cet article vous a-t-il aidé ?
      </h2>
      <div role="status" className="mt-3">
        {state.step === 'thanks' ? (
          <p className="text-slate-800">
            {state.helpful
              ? 'Merci ! Nous sommes ravis d’avoir pu vous aider.'
              : 'Merci, nous allons améliorer cet article.'}
            {!state.helpful && (
              <>
                {' '}
                Besoin d’un technicien ?{' '}
                <a href="/client/login" className="font-medium text-brand-700 underline">
                  Demandez une assistance
                </a>
                .
              </>
            )}
          </p>
        ) : (
          state.step === 'error' && <p className="text-red-800">{state.message}</p>
        )}
      </div>
      {state.step !== 'thanks' && (
        <div className="mt-3 flex gap-3">
          <Button variant="secondary" disabled={state.step === 'sending'} onClick={() => void answer(true)}>
            Oui
          </Button>
          <Button variant="secondary" disabled={state.step === 'sending'} onClick={() => void answer(false)}>
            Non
          </Button>
        </div>
      )}
    </section>
  );
}

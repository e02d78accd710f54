import { Component, type ReactNode } from 'react';

type State = { failed: boolean };

/** One broken widget shows a French message instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  static getDerivedStateFromError(): State {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-lg p-8 text-center">
        <h1 className="text-xl font-semibold">Un problème est survenu</h1>
        <p className="mt-2 text-slate-700">Rechargez la page. Si le problème continue, contactez-nous.</p>
        <button
          type="button"
          className="mt-4 rounded-lg bg-brand-600 px-4 py-2 text-white"
          onClick={() => location.reload()}
        >
          Recharger
        </button>
      </div>
    );
  }
}

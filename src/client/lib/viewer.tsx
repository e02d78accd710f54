import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { PageData } from './page-data.ts';
import { endSignOut } from './sign-out.ts';

type Viewer = {
  /** a client session was valid when the page was rendered, or the visitor signed in since */
  signedIn: boolean;
  /** changes at each sign-in or sign-out in this tab: whatever the client area cached belongs to the old epoch */
  epoch: number;
  /** the server's prefetched client-area data, meant for epoch 0 only */
  clientState: unknown;
  /** the newest live event when the server read that data (epoch 0 only) */
  liveFrom: number | undefined;
  setSignedIn(signedIn: boolean): void;
  /** the help centre's page content the server read for this address (/aide, /aide/<slug>) */
  help: PageData['help'];
};

const ViewerContext = createContext<Viewer | null>(null);

/** Holds who is browsing: set from the rendered page, changed by the sign-in and sign-out pages without a reload. */
export function ViewerProvider({ initial, children }: { initial: PageData; children: ReactNode }) {
  const [state, setState] = useState({ signedIn: initial.signedIn, epoch: 0 });
  const value = useMemo<Viewer>(
    () => ({
      ...state,
      clientState: initial.clientState,
      liveFrom: initial.liveFrom,
      help: initial.help,
      setSignedIn: (signedIn) => {
        if (signedIn) endSignOut();
        setState((s) => ({ signedIn, epoch: s.epoch + 1 }));
      },
    }),
    [state, initial.clientState, initial.liveFrom, initial.help],
  );
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error('ViewerProvider missing');
  return viewer;
}

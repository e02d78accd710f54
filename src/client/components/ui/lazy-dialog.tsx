import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConfirmDialog } from './confirm-dialog.tsx';
import type { Dialog } from './dialog.tsx';

// Radix's dialogs weigh about as much as a whole dashboard: pages that open one only on demand load it then (or
// once idle, see preloadDialogs), and mount it only while open.
const loadDialog = () => import('./dialog.tsx');
const loadConfirm = () => import('./confirm-dialog.tsx');
const DialogImpl = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));
const ConfirmImpl = lazy(() => loadConfirm().then((m) => ({ default: m.ConfirmDialog })));

/** Fetches the dialog code while the visitor reads the page, so the first one opens without a wait. */
export function preloadDialogs(): void {
  void loadDialog();
  void loadConfirm();
}

export function LazyDialog(props: ComponentProps<typeof Dialog>) {
  return props.open ? (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  ) : null;
}

export function LazyConfirmDialog(props: ComponentProps<typeof ConfirmDialog>) {
  return props.open ? (
    <Suspense fallback={null}>
      <ConfirmImpl {...props} />
    </Suspense>
  ) : null;
}

/** Where the chat panel sits: shared by the loading placeholder and the panel, so nothing jumps when it loads. */
export const panelBox =
  'fixed inset-x-3 bottom-24 z-40 flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:w-96';

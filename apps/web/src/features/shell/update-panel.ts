import { useSyncExternalStore } from 'react';

/*
 * Whether the update-panel dialog is open. A store outside React, because the failure is noticed in an
 * error boundary deep in the tree while the dialog lives in the App layout at the root.
 */
let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  if (open === value) return;
  open = value;
  for (const listener of listeners) listener();
};

export const updatePanel = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => open,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export const useUpdatePanelOpen = () => useSyncExternalStore(updatePanel.subscribe, updatePanel.isOpen);

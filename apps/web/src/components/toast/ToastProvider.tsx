import { Alert, Snackbar } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Toasts stay 6 seconds (spec §8). */
export const TOAST_DURATION_MS = 6000;

type Severity = 'success' | 'error' | 'warning' | 'info';
interface Toast {
  id: number;
  message: string;
  severity: Severity;
  topic?: string;
}
interface ToastOptions {
  /**
   * What the toast is news of (e.g. one instance's hostname): a later toast of the same topic replaces it,
   * shown or waiting, so a quick second change is not told with the first one's words.
   */
  topic?: string;
}
interface ToastApi {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  warning(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const push = useCallback((severity: Severity, message: string, { topic }: ToastOptions = {}) => {
    setQueue((q) => [
      ...(topic === undefined ? q : q.filter((toast) => toast.topic !== topic)),
      { id: Date.now() + Math.random(), message, severity, topic },
    ]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({
      success: (m, o) => push('success', m, o),
      error: (m, o) => push('error', m, o),
      warning: (m, o) => push('warning', m, o),
      info: (m, o) => push('info', m, o),
    }),
    [push],
  );
  const current = queue[0];
  const dismiss = () => setQueue((q) => q.slice(1));
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Snackbar
        key={current?.id}
        open={Boolean(current)}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && dismiss()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert
            severity={current.severity}
            variant="filled"
            onClose={dismiss}
            role="status"
            sx={{ width: '100%' }}
          >
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}

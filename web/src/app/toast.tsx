import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useMemo } from 'react';
import { ToastRegion, type ToastVariant } from '../ui/Toast';
import { toastAtom } from './atoms';

export const TOAST_DURATION_MS = 5000;

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

let nextToastId = 1;

export function useToast() {
  const setToast = useSetAtom(toastAtom);
  return useMemo(
    () => ({
      toast: ({ variant = 'default', ...rest }: ToastInput) => setToast({ id: nextToastId++, variant, ...rest }),
      dismiss: () => setToast(null),
    }),
    [setToast],
  );
}

/** Mounted once in the app; hides the current toast after TOAST_DURATION_MS. */
export function AppToastRegion() {
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => {
      // Only hide the toast this timer was started for; a newer one gets its own full duration.
      setToast((current) => (current?.id === toast.id ? null : current));
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  return <ToastRegion toast={toast} onDismiss={() => setToast(null)} />;
}

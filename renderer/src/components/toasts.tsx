/**
 * Success and failure toasts, one toaster for the whole app. A failure is said once: the same failure again
 * replaces its toast instead of stacking a second, and a new attempt at anything (every mutation, through
 * `useApiMutation`) clears the failures still on screen, which are about the attempt before.
 */
import { Toast, ToastBody, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';

const TOASTER_ID = 'teambeat-toaster';

export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}

export type Notify = {
  success: (title: string, body?: string) => void;
  error: (title: string, body?: string) => void;
  /** Dismisses every failure toast still on screen: a new attempt starts. */
  clearErrors: () => void;
};

/** The failure toasts on screen (one toaster for the app): their id by title. */
const liveErrors = new Map<string, string>();
let nextId = 0;

export function useNotify(): Notify {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (intent: 'success' | 'error', title: string, body?: string) => {
      let toastId: string | undefined;
      if (intent === 'error') {
        const previous = liveErrors.get(title);
        if (previous) dismissToast(previous);
        toastId = `error-${++nextId}`;
        liveErrors.set(title, toastId);
      }
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        {
          ...(toastId ? { toastId } : {}),
          // Failures stay longer: the user may need to read what went wrong.
          intent,
          timeout: intent === 'error' ? 8000 : 4000,
          politeness: intent === 'error' ? 'assertive' : 'polite',
          onStatusChange: (_event, { status }) => {
            if (toastId && (status === 'dismissed' || status === 'unmounted') && liveErrors.get(title) === toastId)
              liveErrors.delete(title);
          },
        },
      );
    };
    return {
      success: (title, body) => show('success', title, body),
      error: (title, body) => show('error', title, body),
      clearErrors: () => {
        for (const id of liveErrors.values()) dismissToast(id);
        liveErrors.clear();
      },
    };
  }, [dispatchToast, dismissToast]);
}

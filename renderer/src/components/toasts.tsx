/** Success and failure toasts, one toaster for the whole app. */
import { Toast, ToastBody, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { useMemo } from 'react';

const TOASTER_ID = 'teambeat-toaster';

export function AppToaster() {
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}

export type Notify = {
  success: (title: string, body?: string) => void;
  error: (title: string, body?: string) => void;
};

export function useNotify(): Notify {
  const { dispatchToast } = useToastController(TOASTER_ID);
  return useMemo(() => {
    const show = (intent: 'success' | 'error', title: string, body?: string) =>
      dispatchToast(
        <Toast>
          <ToastTitle>{title}</ToastTitle>
          {body ? <ToastBody>{body}</ToastBody> : null}
        </Toast>,
        // Failures stay longer: the user may need to read what went wrong.
        { intent, timeout: intent === 'error' ? 8000 : 4000, politeness: intent === 'error' ? 'assertive' : 'polite' },
      );
    return {
      success: (title, body) => show('success', title, body),
      error: (title, body) => show('error', title, body),
    };
  }, [dispatchToast]);
}

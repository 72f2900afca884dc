/**
 * Fluent's toaster, in a chunk of its own that `AppToaster` (toasts.tsx) mounts when the first toast is asked
 * for. It shows the toasts asked for before it was there, then every later one. A failure is said once: the same
 * failure again replaces its toast, and a new attempt clears the failures on screen.
 */
import { Toast, ToastBody, Toaster, ToastTitle, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';
import { connectToaster, type ToastRequest } from './toasts';

const TOASTER_ID = 'teambeat-toaster';

/** The failure toasts on screen (one toaster for the app): their id by title. */
const liveErrors = new Map<string, string>();
let nextId = 0;

export default function ToasterHost() {
  const { dispatchToast, dismissToast } = useToastController(TOASTER_ID);
  useEffect(() => {
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
    // After the Toaster below has mounted (a child's effects run first), so it hears every dispatch.
    connectToaster((request: ToastRequest) => {
      if (request.kind === 'show') return show(request.intent, request.title, request.body);
      for (const id of liveErrors.values()) dismissToast(id);
      liveErrors.clear();
    });
    return () => connectToaster(null);
  }, [dispatchToast, dismissToast]);
  return <Toaster toasterId={TOASTER_ID} position="top-end" pauseOnHover pauseOnWindowBlur limit={4} />;
}

/**
 * What every dialog of the app is made of: the surface with its title, content and actions, closed by
 * Escape or a click outside unless something is running; the primary button that spins while it runs
 * (danger-styled for destructive actions); and the read-only dialog with a Close button (a history, an
 * audit trail, a test's result). FormDialog and ConfirmDialog are built on the same frame.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

export { BusyButton } from './BusyButton';

/**
 * What has the focus now, unless it is the page itself (nothing to return to). An item of a menu stands for the
 * menu's button: the item leaves the page with the menu, the button stays (Fluent names the menu by its trigger).
 */
function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const triggerId = menu.getAttribute('aria-labelledby');
  const trigger =
    (triggerId ? document.getElementById(triggerId) : null) ??
    document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]');
  return trigger ?? active;
}

/**
 * Fluent returns the focus to what opened a dialog only when the opener is a DialogTrigger; the app's
 * dialogs are opened from state, so the frame does it: it remembers what had the focus when the dialog
 * opened and, once the dialog is gone (closed or unmounted), gives it back, unless the focus has already
 * gone somewhere else on purpose or the opener has left the page (a deleted row). A dialog opened from a menu
 * item gives it to the menu's button.
 */
function useReturnFocus(open: boolean) {
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedElement() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }
  const surface = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !opener) return;
    const node = surface.current;
    return () => {
      // After the close has settled: the surface has left (or is leaving) the page.
      setTimeout(() => {
        const active = document.activeElement;
        const lost = active === null || active === document.body || (node?.contains(active) ?? false);
        if (lost && opener.isConnected) opener.focus();
      }, 0);
    };
  }, [open, opener]);
  return surface;
}

export type DialogFrameProps = {
  /** Defaults to true: most dialogs are mounted only while open. */
  open?: boolean;
  title: ReactNode;
  /** Alert dialogs do not close on a click outside (confirmations, actions that need a reason). */
  modalType?: 'modal' | 'alert';
  /** Something runs: Escape and a click outside do not close. */
  busy?: boolean;
  onClose: () => void;
  surfaceClassName?: string | undefined;
  contentClassName?: string | undefined;
  /** The content and actions make a form (its submit, its accessible name). */
  form?: FormHTMLAttributes<HTMLFormElement> | undefined;
  actions: ReactNode;
  children: ReactNode;
};

export function DialogFrame({
  open = true,
  title,
  modalType = 'modal',
  busy = false,
  onClose,
  surfaceClassName,
  contentClassName,
  form,
  actions,
  children,
}: DialogFrameProps) {
  const surface = useReturnFocus(open);
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  );
  return (
    <Dialog open={open} modalType={modalType} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface ref={surface} className={surfaceClassName} aria-describedby={undefined}>
        {form ? (
          <form noValidate {...form}>
            {body}
          </form>
        ) : (
          body
        )}
      </DialogSurface>
    </Dialog>
  );
}

/** A dialog to read: its content and a primary Close button, after any `actions` of its own. */
export function InfoDialog({
  actions,
  closeLabel,
  ...frame
}: Omit<DialogFrameProps, 'actions' | 'form' | 'busy' | 'modalType'> & {
  actions?: ReactNode;
  /** "Done" where the dialog finishes a step; "Close" when left out. */
  closeLabel?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <DialogFrame
      {...frame}
      actions={
        <>
          {actions}
          <Button appearance="primary" onClick={frame.onClose}>
            {closeLabel ?? t('actions.close')}
          </Button>
        </>
      }
    />
  );
}

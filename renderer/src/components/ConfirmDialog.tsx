/** A confirmation for consequential actions; the confirm button shows progress and stays until done. */
import { Button } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { BusyButton, DialogFrame } from './DialogFrame';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the danger styling. */
  danger?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('common');
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller has told the user (a toast); the dialog stays so they can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <DialogFrame
      open={open}
      title={title}
      modalType="alert"
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <Button appearance="secondary" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <BusyButton busy={busy} danger={danger} onClick={() => void confirm()}>
            {confirmLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}

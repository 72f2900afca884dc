/** A confirmation for consequential actions; the confirm button shows progress and stays until done. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

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

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1 },
  },
});

export function ConfirmDialog({ open, title, children, confirmLabel, danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const styles = useStyles();
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
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              {t('actions.cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={() => void confirm()}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              className={danger ? styles.danger : undefined}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

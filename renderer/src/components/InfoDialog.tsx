/**
 * A dialog that shows something and closes (the leaderboard's "Why this place?"): a title, the content,
 * and one primary Close button; Escape and a click outside close it too.
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
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

export function InfoDialog({
  title,
  closeLabel,
  surfaceClassName,
  onClose,
  children,
}: {
  title: string;
  /** The Close button's text; "Close" unless the page says it otherwise. */
  closeLabel?: string;
  /** The surface's width, when Fluent's default does not suit the content. */
  surfaceClassName?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={surfaceClassName}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {closeLabel ?? t('actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The frame of every form dialog: a title, an optional muted description, the form-level error, the fields, and
 * Cancel plus a primary submit button that shows progress. Escape and Cancel close it unless a save is pending;
 * Enter in a field submits. The fields come as children; the one that should take focus carries autoFocus.
 */
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { BusyButton } from './BusyButton';
import { DialogFrame } from './DialogFrame';
import { FormError } from './FormError';

export type FormDialogProps = {
  /** Defaults to true: most dialogs are mounted only while open. */
  open?: boolean;
  title: ReactNode;
  /** The form's accessible name when it should differ from the title (e.g. "Edit employee" for "Edit Omar"). */
  formLabel?: string;
  /** A muted line under the title: whom or what the form is about. */
  description?: ReactNode;
  /** The form-level error, shown as an alert above the fields. */
  error?: string | null;
  /** Called on submit (button or Enter); the browser's own submit is already prevented. */
  onSubmit: () => void;
  onClose: () => void;
  submitLabel: string;
  cancelLabel?: string;
  /** A save is running: the buttons are disabled, the submit button spins, Escape does not close. */
  pending: boolean;
  /** Destructive submit (reject, cancel) gets the danger styling. */
  danger?: boolean;
  /** The surface's width: 'medium' 480px, 'wide' 640px, 'full' 920px; Fluent's default when absent. */
  size?: 'medium' | 'wide' | 'full';
  /** Alert dialogs do not close on a click outside (actions that need a reason). */
  modalType?: 'modal' | 'alert';
  /** Extra classes for the content column, e.g. a scrolling area for long forms. */
  contentClassName?: string;
  children: ReactNode;
};

const useStyles = makeStyles({
  medium: { maxWidth: '480px', width: '100%' },
  wide: { maxWidth: '640px', width: '100%' },
  full: { maxWidth: '920px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function FormDialog({
  open = true,
  title,
  formLabel,
  description,
  error,
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  pending,
  danger,
  size,
  modalType = 'modal',
  contentClassName,
  children,
}: FormDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <DialogFrame
      open={open}
      title={title}
      modalType={modalType}
      busy={pending}
      onClose={onClose}
      surfaceClassName={size ? styles[size] : undefined}
      contentClassName={mergeClasses(styles.content, contentClassName)}
      form={{ onSubmit: submit, 'aria-label': formLabel }}
      actions={
        <>
          <Button onClick={onClose} disabled={pending}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={pending} danger={danger}>
            {submitLabel}
          </BusyButton>
        </>
      }
    >
      {description ? <Text className={styles.muted}>{description}</Text> : null}
      <FormError message={error} />
      {children}
    </DialogFrame>
  );
}

export { FormError } from './FormError';

/** The field layouts form dialogs share: two columns that fold to one on narrow screens, and a full-width cell. */
export const useFormStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 560px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
});

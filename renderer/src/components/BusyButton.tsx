/**
 * The primary button of a dialog or a form that spins while it runs (DialogFrame's, and the sign-in page's, which
 * does without the dialog's code: issue #18).
 */
import { Button, makeStyles, mergeClasses, Spinner, tokens, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1 },
  },
});

/** The primary button of a dialog or a form: disabled with a spinner in place of its icon while `busy`. */
export function BusyButton({
  busy,
  danger,
  type = 'button',
  onClick,
  icon,
  iconPosition,
  size,
  className,
  children,
}: Pick<ButtonProps, 'icon' | 'iconPosition' | 'size'> & {
  busy: boolean;
  /** Destructive actions (reject, delete) get the danger styling. */
  danger?: boolean | undefined;
  type?: 'button' | 'submit';
  onClick?: () => void;
  className?: string | undefined;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Button
      type={type}
      appearance="primary"
      size={size}
      disabled={busy}
      icon={busy ? <Spinner size="tiny" /> : icon}
      iconPosition={iconPosition}
      className={mergeClasses(danger ? styles.danger : undefined, className)}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

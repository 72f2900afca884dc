/**
 * What the sign-in, sign-up and reset-password forms share: the large submit button that shows progress and the
 * form's error. The new password with its confirmation is `NewPasswordFields` (components/PasswordFields).
 */
import { Button, MessageBar, MessageBarBody, Spinner, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export function SubmitButton({
  busy,
  className,
  icon,
  iconPosition,
  children,
}: {
  busy: boolean;
  className?: string;
  /** Shown while not busy; a spinner takes its place while busy. */
  icon?: ButtonProps['icon'];
  iconPosition?: ButtonProps['iconPosition'];
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      appearance="primary"
      size="large"
      className={className}
      disabled={busy}
      icon={busy ? <Spinner size="tiny" /> : icon}
      iconPosition={iconPosition}
    >
      {children}
    </Button>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  ) : null;
}

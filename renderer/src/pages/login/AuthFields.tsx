/**
 * What the sign-in, sign-up and reset-password forms share: the large submit button that shows progress and
 * the form's error. The new password with its confirmation is `NewPasswordFields` (components/PasswordFields).
 */
import type { ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { BusyButton } from '../../components/DialogFrame';

export { FormError } from '../../components/FormDialog';

export function SubmitButton(
  props: Pick<ButtonProps, 'icon' | 'iconPosition'> & { busy: boolean; className?: string; children: ReactNode },
) {
  return <BusyButton type="submit" size="large" {...props} />;
}

/**
 * What the sign-in, sign-up, reset-password and e-mail confirmation forms share: the large submit button
 * that shows progress, the form's error, and the e-mailed 6-digit code's field. The new password with its
 * confirmation is `NewPasswordFields` (components/PasswordFields).
 */
import type { ButtonProps, InputProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { BusyButton } from '../../components/BusyButton';
import type { FormState, RuleMessages } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { codeDigits } from './formState';

export { FormError } from '../../components/FormError';

export function SubmitButton(
  props: Pick<ButtonProps, 'icon' | 'iconPosition'> & { busy: boolean; className?: string; children: ReactNode },
) {
  return <BusyButton type="submit" size="large" {...props} />;
}

/** The code the e-mail gave: six digits (typing keeps only digits), which the browser may fill in itself. */
export function CodeField<Form extends { code: string } & Record<string, unknown>>({
  form,
  rules,
  label,
  autoFocus,
  size,
}: {
  form: FormState<Form>;
  rules: RuleMessages;
  label: string;
  autoFocus?: boolean;
  size?: InputProps['size'];
}) {
  return (
    <TextField
      // TypeScript cannot see `code` as a text key of every such form; it is by the constraint.
      form={form as unknown as FormState<{ code: string }>}
      rules={rules}
      name="code"
      label={label}
      required
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      parse={codeDigits}
      autoFocus={autoFocus}
      size={size}
    />
  );
}

import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** A form's error, as an alert above its fields; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{message}</MessageBarBody>
    </MessageBar>
  ) : null;
}

/**
 * A text field of a form whose messages come from useFieldMessages (form-fields.ts): its label and hint,
 * the message it shows now, and an input or a text area that tells the messages when the user edits it
 * (the server's message about the old value goes) and leaves it (its rule's message shows from then on).
 */
import { Field, Input, Textarea } from '@fluentui/react-components';
import type { RuleMessages, useFieldMessages } from './form-fields';

export function MessageField<Key extends string>({
  messages,
  field,
  rules = {},
  label,
  hint,
  required,
  multiline = false,
  value,
  onChange,
  maxLength,
  autoFocus,
}: {
  messages: ReturnType<typeof useFieldMessages<Key>>;
  /** The field's key among the form's messages. */
  field: Key;
  rules?: RuleMessages;
  label: string;
  hint?: string;
  required?: boolean;
  /** A text area that grows downwards, for free text. */
  multiline?: boolean;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  const edit = (next: string) => {
    onChange(next);
    messages.edited(field);
  };
  return (
    <Field label={label} hint={hint} required={required} {...messages.field(field, rules)}>
      {multiline ? (
        <Textarea
          value={value}
          maxLength={maxLength}
          resize="vertical"
          onChange={(_, d) => edit(d.value)}
          onBlur={messages.touch(field)}
        />
      ) : (
        <Input
          value={value}
          maxLength={maxLength}
          autoFocus={autoFocus}
          onChange={(_, d) => edit(d.value)}
          onBlur={messages.touch(field)}
        />
      )}
    </Field>
  );
}

/**
 * A text input bound to one field of a form state (components/form-fields `useFormState`): its label, its
 * message (the rule's once left or submitted, the server's after a refused save), and typing that changes
 * the value and drops the server's message about the old one.
 */
import { Field, Input, type FieldProps, type InputProps } from '@fluentui/react-components';
import type { ComponentType } from 'react';
import type { FormState, RuleMessages } from './form-fields';

/** The keys of `Form` whose values are text. */
type TextKey<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form] & string;

export function TextField<Form extends Record<string, unknown>, K extends TextKey<Form>>({
  form,
  name,
  rules,
  label,
  required,
  hint,
  className,
  parse,
  control: Control,
  ...input
}: Pick<FieldProps, 'label' | 'required' | 'hint' | 'className'> &
  Omit<InputProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'form'> & {
    form: FormState<Form>;
    name: K;
    rules: RuleMessages;
    /** What typing keeps (digits of a port or a code); the text as typed when left out. */
    parse?: (typed: string) => string;
    /** Another input than Fluent's own (PasswordInput, with its show button). */
    control?: ComponentType<Omit<InputProps, 'type' | 'contentAfter'>>;
  }) {
  const bound = {
    ...input,
    value: form.values[name] as string,
    onChange: (_: unknown, d: { value: string }) => form.set(name, (parse ? parse(d.value) : d.value) as Form[K]),
    onBlur: form.messages.touch(name),
  };
  return (
    <Field label={label} required={required} hint={hint} className={className} {...form.messages.field(name, rules)}>
      {Control ? <Control {...bound} /> : <Input {...bound} />}
    </Field>
  );
}

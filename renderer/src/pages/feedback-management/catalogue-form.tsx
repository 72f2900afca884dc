/**
 * What the catalogue dialogs share (the category, attribute and function dialogs): the dialog's frame with
 * its add or edit texts, the name, synonyms and description fields with their rules and messages, and how a
 * failed save is told (the first field the server named, in the form and in a toast; its message under the
 * field). Each dialog adds its own fields (a colour, a category) and names them through `label`.
 */
import { Field } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import {
  ATTRIBUTE_NAME_MAX,
  CATALOGUE_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  FUNCTION_DESCRIPTION_MAX,
  FUNCTION_NAME_MAX,
} from '../../../../shared/feedback-catalogue';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';
import { formFailure, useFieldMessages } from '../../components/form-fields';
import { MessageField } from '../../components/MessageField';
import { useTranslation } from '../../i18n';
import { SynonymsInput } from './SynonymsInput';

type Dialog = 'categoryDialog' | 'attributeDialog' | 'functionDialog';

/** Each dialog's lengths, the shared contracts' (the server refuses longer). */
const LIMITS: Record<Dialog, { nameMax: number; descriptionMax: number }> = {
  categoryDialog: { nameMax: CATEGORY_NAME_MAX, descriptionMax: CATALOGUE_DESCRIPTION_MAX },
  attributeDialog: { nameMax: ATTRIBUTE_NAME_MAX, descriptionMax: CATALOGUE_DESCRIPTION_MAX },
  functionDialog: { nameMax: FUNCTION_NAME_MAX, descriptionMax: FUNCTION_DESCRIPTION_MAX },
};

export function useCatalogueForm<Key extends string>(options: {
  /** The dialog's texts in the feedbackAdmin namespace (titles, labels, rules, failures). */
  dialog: Dialog;
  /** The entry edited, or null to add one. */
  initial: { name: string; synonyms?: readonly string[]; description: string | null } | null;
  /** Its fields: a failed save's message about any other goes above them. */
  fields: readonly Key[];
  /** A field's label. */
  label: (key: Key) => string;
  /** Closes the dialog, after a save too. */
  onClose: () => void;
}) {
  const { dialog, initial, fields, label, onClose } = options;
  const { nameMax, descriptionMax } = LIMITS[dialog];
  const { t } = useTranslation('feedbackAdmin');
  const failed = initial ? t(`${dialog}.updateFailed`) : t(`${dialog}.addFailed`);
  const [name, setName] = useState(initial?.name ?? '');
  const [synonyms, setSynonyms] = useState<string[]>([...(initial?.synonyms ?? [])]);
  const [description, setDescription] = useState(initial?.description ?? '');
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  const trimmed = name.trim();
  const nameRule = !trimmed
    ? t(`${dialog}.nameRequired`)
    : trimmed.length > nameMax
      ? t(`${dialog}.nameTooLong`, { max: nameMax })
      : undefined;
  /** A failed save, said once (formFailure): each field's server message under it ("synonyms.3" is the synonyms'). */
  const failedWith = (error: unknown) => {
    const failure = formFailure(error, { fallback: failed, shown: fields });
    const byField: Partial<Record<string, string>> = {};
    for (const [path, message] of Object.entries(failure.fields)) byField[path.split('.')[0]!] ??= message;
    messages.setServerErrors(byField);
    setFormError(failure.banner);
  };

  return {
    dialog,
    /** The name of the entry edited; null when adding. */
    editing: initial ? initial.name : null,
    label,
    messages,
    formError,
    nameMax,
    descriptionMax,
    name,
    setName,
    synonyms,
    setSynonyms,
    description,
    setDescription,
    nameRule,
    /** The name and description as the API takes them (trimmed; an empty description is none). */
    values: { name: trimmed, description: description.trim() || null },
    /**
     * Submits: the rule messages show from now on, and when the name and the dialog's own `rules` pass,
     * `send` saves with the callbacks that close the dialog or tell the failure.
     */
    submit: (
      rules: Partial<Record<Key, string>>,
      send: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void,
    ) => {
      messages.submitted();
      if (nameRule || Object.values(rules).some(Boolean)) return;
      send({ onSuccess: onClose, onError: failedWith });
    },
  };
}

/** A catalogue form whose fields include `Key`, as the field components below take it. */
export type CatalogueForm<Key extends string> = ReturnType<typeof useCatalogueForm<Key>>;

/** The form's dialog: "Add …" or "Edit {name}", its error above the fields, Cancel and the submit button. */
export function CatalogueDialog({
  form,
  size,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  form: { dialog: Dialog; editing: string | null; formError: string | null };
  size: FormDialogProps['size'];
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('feedbackAdmin');
  const { dialog, editing } = form;
  return (
    <FormDialog
      title={editing === null ? t(`${dialog}.addTitle`) : t(`${dialog}.editTitle`, { name: editing })}
      formLabel={editing === null ? t(`${dialog}.addTitle`) : t(`${dialog}.editLabel`)}
      size={size}
      error={form.formError}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={editing === null ? t(`${dialog}.submitAdd`) : t(`${dialog}.submitEdit`)}
      pending={pending}
    >
      {children}
    </FormDialog>
  );
}

export function NameField({ form }: { form: CatalogueForm<'name'> }) {
  return (
    <MessageField
      messages={form.messages}
      field="name"
      rules={{ name: form.nameRule }}
      label={form.label('name')}
      required
      value={form.name}
      onChange={form.setName}
      maxLength={form.nameMax}
      autoFocus
    />
  );
}

export function SynonymsField({ form, hint }: { form: CatalogueForm<'synonyms'>; hint: string }) {
  const { messages } = form;
  return (
    <Field label={form.label('synonyms')} hint={hint} {...messages.field('synonyms', {})}>
      <SynonymsInput
        value={form.synonyms}
        onChange={(next) => {
          form.setSynonyms(next);
          messages.edited('synonyms');
        }}
      />
    </Field>
  );
}

export function DescriptionField({ form }: { form: CatalogueForm<'description'> }) {
  return (
    <MessageField
      messages={form.messages}
      field="description"
      label={form.label('description')}
      multiline
      value={form.description}
      onChange={form.setDescription}
      maxLength={form.descriptionMax}
    />
  );
}

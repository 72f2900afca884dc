/** Add or edit a function: its name (unique in the company) and description. */
import { Field, Input, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import type { FunctionItem } from '../../../../shared/contracts/functions';
import { FUNCTION_DESCRIPTION_MAX, FUNCTION_NAME_MAX } from '../../../../shared/feedback-catalogue';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveFunction } from '../../api/hooks/functions';
import { FormDialog } from '../../components/FormDialog';
import { useFieldMessages } from '../../components/form-fields';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';

type Key = 'name' | 'description';

export function FunctionDialog({ fn, onClose }: { fn: FunctionItem | null; onClose: () => void }) {
  const { t } = useTranslation('feedbackAdmin');
  const notify = useNotify();
  const [name, setName] = useState(fn?.name ?? '');
  const [description, setDescription] = useState(fn?.description ?? '');
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  const failed = fn ? t('functionDialog.updateFailed') : t('functionDialog.addFailed');
  const save = useSaveFunction();
  const rules = {
    name: !name.trim()
      ? t('functionDialog.nameRequired')
      : name.trim().length > FUNCTION_NAME_MAX
        ? t('functionDialog.nameTooLong', { max: FUNCTION_NAME_MAX })
        : undefined,
  };

  const submit = () => {
    messages.submitted();
    if (rules.name) return;
    save.mutate(
      { id: fn?.id, body: { name: name.trim(), description: description.trim() || null } },
      {
        onSuccess: onClose,
        onError: (error) => {
          const fields = fieldErrors(error);
          messages.setServerErrors(fields);
          const named = (['name', 'description'] as const).find((k) => fields[k]);
          const detail = named ? t('functionDialog.fieldFailed', { field: t(`functionDialog.${named}`) }) : null;
          setFormError(detail ?? errorMessage(error, failed));
          notify.error(failed, named ? `${detail} ${fields[named]}` : errorMessage(error, failed));
        },
      },
    );
  };

  return (
    <FormDialog
      title={fn ? t('functionDialog.editTitle', { name: fn.name }) : t('functionDialog.addTitle')}
      formLabel={fn ? t('functionDialog.editLabel') : t('functionDialog.addTitle')}
      size="medium"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={fn ? t('functionDialog.submitEdit') : t('functionDialog.submitAdd')}
      pending={save.isPending}
    >
      <Field label={t('functionDialog.name')} required {...messages.field('name', rules)}>
        <Input
          value={name}
          autoFocus
          maxLength={FUNCTION_NAME_MAX}
          onChange={(_, d) => {
            setName(d.value);
            messages.edited('name');
          }}
          onBlur={messages.touch('name')}
        />
      </Field>
      <Field label={t('functionDialog.description')} {...messages.field('description', {})}>
        <Textarea
          value={description}
          maxLength={FUNCTION_DESCRIPTION_MAX}
          resize="vertical"
          onChange={(_, d) => {
            setDescription(d.value);
            messages.edited('description');
          }}
        />
      </Field>
    </FormDialog>
  );
}

/**
 * Add or edit a feedback attribute: name, its category, synonyms (tags) and description. Inactive
 * categories are listed but cannot be chosen (an attribute cannot move to one); an attribute already in
 * an inactive category may stay there.
 */
import { Dropdown, Field, Input, makeStyles, Option, Textarea, tokens } from '@fluentui/react-components';
import { CircleFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import type { FeedbackAttribute } from '../../../../shared/contracts/feedback-catalogue';
import { ATTRIBUTE_NAME_MAX, CATALOGUE_DESCRIPTION_MAX } from '../../../../shared/feedback-catalogue';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAllCategories, useSaveAttribute } from '../../api/hooks/feedback-catalogue';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useFieldMessages } from '../../components/form-fields';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { SynonymsInput } from './SynonymsInput';

const useStyles = makeStyles({
  option: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type Key = 'name' | 'categoryId' | 'synonyms' | 'description';

function byField(errors: Record<string, string>): Partial<Record<Key, string>> {
  const out: Partial<Record<Key, string>> = {};
  for (const [path, message] of Object.entries(errors)) out[path.split('.')[0] as Key] ??= message;
  return out;
}

export function AttributeDialog({ attribute, onClose }: { attribute: FeedbackAttribute | null; onClose: () => void }) {
  const styles = useStyles();
  const form = useFormStyles();
  const { t } = useTranslation('feedbackAdmin');
  const notify = useNotify();
  const categories = useAllCategories();
  const [name, setName] = useState(attribute?.name ?? '');
  const [categoryId, setCategoryId] = useState<number | null>(attribute?.category.id ?? null);
  const [synonyms, setSynonyms] = useState<string[]>(attribute?.synonyms ?? []);
  const [description, setDescription] = useState(attribute?.description ?? '');
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  const failed = attribute ? t('attributeDialog.updateFailed') : t('attributeDialog.addFailed');
  const save = useSaveAttribute();
  const chosen = categories.data?.find((c) => c.id === categoryId);

  const rules = {
    name: !name.trim()
      ? t('attributeDialog.nameRequired')
      : name.trim().length > ATTRIBUTE_NAME_MAX
        ? t('attributeDialog.nameTooLong', { max: ATTRIBUTE_NAME_MAX })
        : undefined,
    categoryId: categoryId === null ? t('attributeDialog.categoryRequired') : undefined,
  };

  const submit = () => {
    messages.submitted();
    if (rules.name || rules.categoryId || categoryId === null) return;
    const body = { name: name.trim(), categoryId, synonyms, description: description.trim() || null };
    save.mutate(attribute ? { id: attribute.id, changes: body } : { body }, {
      onSuccess: onClose,
      onError: (error) => {
        const fields = byField(fieldErrors(error));
        messages.setServerErrors(fields);
        const named = Object.keys(fields)[0] as Key | undefined;
        const detail = named ? t('attributeDialog.fieldFailed', { field: t(`attributeDialog.${named}`) }) : null;
        setFormError(detail ?? errorMessage(error, failed));
        notify.error(failed, named ? `${detail} ${fields[named]}` : errorMessage(error, failed));
      },
    });
  };

  return (
    <FormDialog
      title={attribute ? t('attributeDialog.editTitle', { name: attribute.name }) : t('attributeDialog.addTitle')}
      formLabel={attribute ? t('attributeDialog.editLabel') : t('attributeDialog.addTitle')}
      size="wide"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={attribute ? t('attributeDialog.submitEdit') : t('attributeDialog.submitAdd')}
      pending={save.isPending}
    >
      <div className={form.grid}>
        <Field label={t('attributeDialog.name')} required {...messages.field('name', rules)}>
          <Input
            value={name}
            autoFocus
            maxLength={ATTRIBUTE_NAME_MAX}
            onChange={(_, d) => {
              setName(d.value);
              messages.edited('name');
            }}
            onBlur={messages.touch('name')}
          />
        </Field>
        <Field
          label={t('attributeDialog.categoryId')}
          required
          hint={chosen && !chosen.isActive ? t('attributeDialog.inactiveHint') : undefined}
          {...messages.field('categoryId', rules)}
        >
          <Dropdown
            placeholder={
              categories.isLoading ? t('attributeDialog.loadingCategories') : t('attributeDialog.chooseCategory')
            }
            value={chosen?.name ?? ''}
            selectedOptions={categoryId ? [String(categoryId)] : []}
            onOptionSelect={(_, d) => {
              setCategoryId(d.optionValue ? Number(d.optionValue) : null);
              messages.edited('categoryId');
            }}
          >
            {(categories.data ?? []).map((c) => (
              <Option
                key={c.id}
                value={String(c.id)}
                text={c.name}
                disabled={!c.isActive && c.id !== attribute?.category.id}
              >
                <span className={styles.option}>
                  <CircleFilled color={c.color} aria-hidden />
                  {c.isActive ? c.name : t('attributeDialog.inactiveCategory', { name: c.name })}
                </span>
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <Field
        label={t('attributeDialog.synonyms')}
        hint={t('attributeDialog.synonymsHint')}
        {...messages.field('synonyms', {})}
      >
        <SynonymsInput
          value={synonyms}
          onChange={(next) => {
            setSynonyms(next);
            messages.edited('synonyms');
          }}
        />
      </Field>
      <Field label={t('attributeDialog.description')} {...messages.field('description', {})}>
        <Textarea
          value={description}
          maxLength={CATALOGUE_DESCRIPTION_MAX}
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

/**
 * Add or edit a feedback attribute: name, its category, synonyms (tags) and description. Inactive
 * categories are listed but cannot be chosen (an attribute cannot move to one); an attribute already in
 * an inactive category may stay there.
 */
import { Dropdown, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { CircleFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import type { FeedbackAttribute } from '../../../../shared/contracts/feedback-catalogue';
import { useAllCategories, useSaveAttribute } from '../../api/hooks/feedback-catalogue';
import { useFormStyles } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';
import { CatalogueDialog, DescriptionField, NameField, SynonymsField, useCatalogueForm } from './catalogue-form';

const useStyles = makeStyles({
  option: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function AttributeDialog({ attribute, onClose }: { attribute: FeedbackAttribute | null; onClose: () => void }) {
  const styles = useStyles();
  const grid = useFormStyles();
  const { t } = useTranslation('feedbackAdmin');
  const form = useCatalogueForm({
    dialog: 'attributeDialog',
    initial: attribute,
    fields: ['name', 'categoryId', 'synonyms', 'description'],
    label: (key) => t(`attributeDialog.${key}`),
    onClose,
  });
  const { messages } = form;
  const categories = useAllCategories();
  const [categoryId, setCategoryId] = useState<number | null>(attribute?.category.id ?? null);
  const save = useSaveAttribute();
  const chosen = categories.data?.find((c) => c.id === categoryId);
  const rules = { categoryId: categoryId === null ? t('attributeDialog.categoryRequired') : undefined };
  const submit = () =>
    form.submit(rules, (callbacks) => {
      if (categoryId === null) return;
      const body = { ...form.values, categoryId, synonyms: form.synonyms };
      save.mutate(attribute ? { id: attribute.id, changes: body } : { body }, callbacks);
    });

  return (
    <CatalogueDialog form={form} size="wide" pending={save.isPending} onSubmit={submit} onClose={onClose}>
      <div className={grid.grid}>
        <NameField form={form} />
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
      <SynonymsField form={form} hint={t('attributeDialog.synonymsHint')} />
      <DescriptionField form={form} />
    </CatalogueDialog>
  );
}

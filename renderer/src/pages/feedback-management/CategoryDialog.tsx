/** Add or edit a feedback category: name, synonyms (tags), description and colour (swatches or #RRGGBB). */
import { ColorSwatch, Field, Input, makeStyles, SwatchPicker, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { FeedbackCategory } from '../../../../shared/contracts/feedback-catalogue';
import { CATEGORY_SWATCHES, isColor, normalizeColor } from '../../../../shared/feedback-catalogue';
import { useSaveCategory } from '../../api/hooks/feedback-catalogue';
import { useFormStyles } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';
import { CatalogueDialog, DescriptionField, NameField, SynonymsField, useCatalogueForm } from './catalogue-form';

const useStyles = makeStyles({
  colorRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  native: {
    width: '40px',
    height: '32px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
  },
  hex: { width: '130px' },
});

export function CategoryDialog({ category, onClose }: { category: FeedbackCategory | null; onClose: () => void }) {
  const styles = useStyles();
  const grid = useFormStyles();
  const { t } = useTranslation('feedbackAdmin');
  const form = useCatalogueForm({
    dialog: 'categoryDialog',
    initial: category,
    fields: ['name', 'color', 'synonyms', 'description'],
    label: (key) => t(`categoryDialog.${key}`),
    onClose,
  });
  const { messages } = form;
  const [color, setColor] = useState(category?.color ?? CATEGORY_SWATCHES[0]);
  const save = useSaveCategory();
  const rules = { color: isColor(color.trim()) ? undefined : t('categoryDialog.colorInvalid') };
  const submit = () =>
    form.submit(rules, (callbacks) => {
      const body = { ...form.values, synonyms: form.synonyms, color: normalizeColor(color) };
      save.mutate(category ? { id: category.id, changes: body } : { body }, callbacks);
    });

  return (
    <CatalogueDialog form={form} size="wide" pending={save.isPending} onSubmit={submit} onClose={onClose}>
      <div className={grid.grid}>
        <NameField form={form} />
        <Field
          label={t('categoryDialog.color')}
          required
          hint={t('categoryDialog.colorHint')}
          {...messages.field('color', rules)}
        >
          <div className={styles.colorRow}>
            <input
              type="color"
              className={styles.native}
              aria-label={t('categoryDialog.colorPicker')}
              value={isColor(color) ? color.toLowerCase() : '#000000'}
              onChange={(e) => {
                setColor(e.target.value.toUpperCase());
                messages.edited('color');
              }}
            />
            <Input
              className={styles.hex}
              value={color}
              maxLength={7}
              onChange={(_, d) => {
                setColor(d.value);
                messages.edited('color');
              }}
              onBlur={messages.touch('color')}
            />
          </div>
        </Field>
      </div>
      <SwatchPicker
        aria-label={t('categoryDialog.swatches')}
        size="small"
        shape="circular"
        selectedValue={normalizeColor(color)}
        onSelectionChange={(_, d) => {
          setColor(d.selectedValue);
          messages.edited('color');
        }}
      >
        {CATEGORY_SWATCHES.map((swatch) => (
          <ColorSwatch key={swatch} color={swatch} value={swatch} aria-label={swatch} />
        ))}
      </SwatchPicker>
      <SynonymsField form={form} hint={t('categoryDialog.synonymsHint')} />
      <DescriptionField form={form} />
    </CatalogueDialog>
  );
}

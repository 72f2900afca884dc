/** Add or edit a feedback category: name, synonyms (tags), description and colour (swatches or #RRGGBB). */
import { ColorSwatch, Field, Input, makeStyles, SwatchPicker, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { FeedbackCategory } from '../../../../shared/contracts/feedback-catalogue';
import {
  CATALOGUE_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_SWATCHES,
  isColor,
  normalizeColor,
} from '../../../../shared/feedback-catalogue';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveCategory } from '../../api/hooks/feedback-catalogue';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useFieldMessages } from '../../components/form-fields';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { SynonymsInput } from './SynonymsInput';

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

type Key = 'name' | 'color' | 'synonyms' | 'description';

/** Server field messages keyed by the dialog's fields: "synonyms.3" belongs to the synonyms. */
function byField(errors: Record<string, string>): Partial<Record<Key, string>> {
  const out: Partial<Record<Key, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = path.split('.')[0] as Key;
    out[key] ??= message;
  }
  return out;
}

export function CategoryDialog({ category, onClose }: { category: FeedbackCategory | null; onClose: () => void }) {
  const styles = useStyles();
  const form = useFormStyles();
  const { t } = useTranslation('feedbackAdmin');
  const notify = useNotify();
  const [name, setName] = useState(category?.name ?? '');
  const [synonyms, setSynonyms] = useState<string[]>(category?.synonyms ?? []);
  const [description, setDescription] = useState(category?.description ?? '');
  const [color, setColor] = useState(category?.color ?? CATEGORY_SWATCHES[0]);
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  const failed = category ? t('categoryDialog.updateFailed') : t('categoryDialog.addFailed');
  const save = useSaveCategory();

  const rules = {
    name: !name.trim()
      ? t('categoryDialog.nameRequired')
      : name.trim().length > CATEGORY_NAME_MAX
        ? t('categoryDialog.nameTooLong', { max: CATEGORY_NAME_MAX })
        : undefined,
    color: isColor(color.trim()) ? undefined : t('categoryDialog.colorInvalid'),
  };

  const submit = () => {
    messages.submitted();
    if (rules.name || rules.color) return;
    const body = {
      name: name.trim(),
      synonyms,
      description: description.trim() || null,
      color: normalizeColor(color),
    };
    save.mutate(category ? { id: category.id, changes: body } : { body }, {
      onSuccess: onClose,
      onError: (error) => {
        const fields = byField(fieldErrors(error));
        messages.setServerErrors(fields);
        const named = Object.keys(fields)[0] as Key | undefined;
        const detail = named ? t('categoryDialog.fieldFailed', { field: t(`categoryDialog.${named}`) }) : null;
        setFormError(detail ?? errorMessage(error, failed));
        notify.error(failed, named ? `${detail} ${fields[named]}` : errorMessage(error, failed));
      },
    });
  };

  return (
    <FormDialog
      title={category ? t('categoryDialog.editTitle', { name: category.name }) : t('categoryDialog.addTitle')}
      formLabel={category ? t('categoryDialog.editLabel') : t('categoryDialog.addTitle')}
      size="wide"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={category ? t('categoryDialog.submitEdit') : t('categoryDialog.submitAdd')}
      pending={save.isPending}
    >
      <div className={form.grid}>
        <Field label={t('categoryDialog.name')} required {...messages.field('name', rules)}>
          <Input
            value={name}
            autoFocus
            maxLength={CATEGORY_NAME_MAX}
            onChange={(_, d) => {
              setName(d.value);
              messages.edited('name');
            }}
            onBlur={messages.touch('name')}
          />
        </Field>
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
      <Field
        label={t('categoryDialog.synonyms')}
        hint={t('categoryDialog.synonymsHint')}
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
      <Field label={t('categoryDialog.description')} {...messages.field('description', {})}>
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

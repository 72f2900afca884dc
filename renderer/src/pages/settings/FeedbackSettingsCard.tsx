/**
 * Settings › Feedback, Responsibility matrix: the matrix's expected count per person and its period
 * (docs/feedback.md "Responsibility matrix"). Checked with the shared settings rules before saving; the
 * server checks them again.
 */
import { Button, Card, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { MATRIX_PERIODS, type MatrixPeriod } from '../../../../shared/feedback-matrix';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveMatrixSettings } from '../../api/hooks/feedback-matrix';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, maxWidth: '720px', marginTop: tokens.spacingVerticalL },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

const isPeriod = (value: string): value is MatrixPeriod => (MATRIX_PERIODS as readonly string[]).includes(value);

export function FeedbackSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['feedbackMatrix', 'common']);
  const [index, setIndex] = useState<string | null>(null);
  const [period, setPeriod] = useState<MatrixPeriod | null>(null);
  const save = useSaveMatrixSettings();
  const indexText = index ?? String(settings.responsibilityMatrixIndex);
  const parsed = tenantSettingsSchema.shape.responsibilityMatrixIndex.safeParse(
    indexText.trim() === '' ? Number.NaN : Number(indexText),
  );
  const indexError = parsed.success ? undefined : t('settings.indexInvalid');
  const dirty = index !== null || period !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(
      {
        responsibilityMatrixIndex: parsed.data,
        responsibilityMatrixPeriod: period ?? settings.responsibilityMatrixPeriod,
      },
      {
        onSuccess: () => {
          setIndex(null);
          setPeriod(null);
        },
      },
    );
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={t('settings.formLabel')}>
        <Text as="h2" size={400} weight="semibold">
          {t('settings.title')}
        </Text>
        <div className={styles.form}>
          <Field
            label={t('settings.index')}
            hint={t('settings.indexHint')}
            validationMessage={indexError}
            validationState={indexError ? 'error' : 'none'}
          >
            <Input
              type="number"
              min={0}
              max={100}
              value={indexText}
              readOnly={!canEdit}
              onChange={(_, d) => setIndex(d.value)}
              data-testid="matrix-index"
            />
          </Field>
          <Field label={t('settings.period')}>
            <Select
              value={period ?? settings.responsibilityMatrixPeriod}
              disabled={!canEdit}
              onChange={(_, d) => {
                if (isPeriod(d.value)) setPeriod(d.value);
              }}
              data-testid="matrix-period-setting"
            >
              {MATRIX_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`settings.periods.${p}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={save.isPending || !dirty || !parsed.success}>
              {t('common:actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

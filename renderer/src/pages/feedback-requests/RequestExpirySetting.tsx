/**
 * Settings › Feedback, Feedback requests: how many days a new feedback request stays open before the people asked
 * can no longer answer it (tenant setting feedbackRequestExpiryDays, 1-365, default 30).
 */
import { Button, Card, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { REQUEST_EXPIRY_MAX_DAYS, REQUEST_EXPIRY_MIN_DAYS } from '../../../../shared/feedback-requests';
import { useSaveRequestExpiry } from '../../api/hooks/feedback-requests';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, maxWidth: '720px', marginTop: tokens.spacingVerticalL },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

export function RequestExpirySetting({ days, canEdit }: { days: number; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['feedbackRequests', 'common']);
  const save = useSaveRequestExpiry();
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? String(days);
  const parsed = Number(shown);
  const valid = /^\d+$/.test(shown.trim()) && parsed >= REQUEST_EXPIRY_MIN_DAYS && parsed <= REQUEST_EXPIRY_MAX_DAYS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) save.mutate(parsed, { onSuccess: () => setValue(null) });
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={t('settings.formLabel')}>
        <Text as="h2" weight="semibold" size={400} block>
          {t('settings.title')}
        </Text>
        <div className={styles.row}>
          <Field
            label={t('settings.expiryDays')}
            hint={t('settings.expiryHint', { min: REQUEST_EXPIRY_MIN_DAYS, max: REQUEST_EXPIRY_MAX_DAYS })}
            validationMessage={
              valid
                ? undefined
                : t('settings.expiryInvalid', { min: REQUEST_EXPIRY_MIN_DAYS, max: REQUEST_EXPIRY_MAX_DAYS })
            }
            validationState={valid ? 'none' : 'error'}
          >
            <Input
              type="number"
              min={REQUEST_EXPIRY_MIN_DAYS}
              max={REQUEST_EXPIRY_MAX_DAYS}
              value={shown}
              readOnly={!canEdit}
              onChange={(_, d) => setValue(d.value)}
            />
          </Field>
        </div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={save.isPending || value === null || !valid}>
              {t('common:actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

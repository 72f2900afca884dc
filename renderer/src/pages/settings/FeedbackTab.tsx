/**
 * Settings › Feedback, the spec's Feedback group (docs/feedback.md "Settings"): every company setting of
 * personal feedback in one tab. Giving (the comment's character limit, the rating deviation), requests (days
 * a request stays open) and the responsibility matrix (expected count and period), each card saving its own
 * fields. Read with view-tenant-settings, changed with edit-tenant-settings; the server checks the same
 * rules (shared/settings.ts).
 */
import { Button, Card, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { CHARACTER_LIMIT_RANGE, RATING_DEVIATION_RANGE } from '../../../../shared/feedback';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveGivingSettings } from '../../api/hooks/feedback';
import { usePermissions } from '../../api/hooks/me';
import { useTenant } from '../../api/hooks/tenant';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { RequestExpirySetting } from '../feedback-requests/RequestExpirySetting';
import { FeedbackSettingsCard } from './FeedbackSettingsCard';
import { LeaderboardSettingsCard } from './LeaderboardSettingsCard';
import { FeedSettingsCard } from './FeedSettingsCard';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, maxWidth: '720px' },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

export function FeedbackTab() {
  const { t } = useTranslation('settings');
  const canEdit = usePermissions().has('edit-tenant-settings');
  const tenant = useTenant();
  return (
    <QueryState query={tenant} label={t('feedback.loading')}>
      {(data) => (
        <>
          <GivingSettingsCard settings={data.settings} canEdit={canEdit} />
          <RequestExpirySetting days={data.settings.feedbackRequestExpiryDays} canEdit={canEdit} />
          <FeedbackSettingsCard settings={data.settings} canEdit={canEdit} />
          <LeaderboardSettingsCard settings={data.settings} canEdit={canEdit} />
          <FeedSettingsCard settings={data.settings} canEdit={canEdit} />
        </>
      )}
    </QueryState>
  );
}

/** A number typed in a field, checked by the settings schema's rule for it; undefined when refused. */
function parsed(text: string, key: 'characterLimit' | 'ratingDeviation'): number | undefined {
  if (text.trim() === '') return undefined;
  const result = tenantSettingsSchema.shape[key].safeParse(Number(text));
  return result.success ? result.data : undefined;
}

function GivingSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common']);
  const [limitText, setLimitText] = useState<string | null>(null);
  const [deviationText, setDeviationText] = useState<string | null>(null);
  const save = useSaveGivingSettings();
  const limit = parsed(limitText ?? String(settings.characterLimit), 'characterLimit');
  const deviation = parsed(deviationText ?? String(settings.ratingDeviation), 'ratingDeviation');
  const limitError =
    limit === undefined ? t('feedback.giving.characterLimitInvalid', CHARACTER_LIMIT_RANGE) : undefined;
  const deviationError =
    deviation === undefined ? t('feedback.giving.ratingDeviationInvalid', RATING_DEVIATION_RANGE) : undefined;
  const dirty = limitText !== null || deviationText !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (limit === undefined || deviation === undefined) return;
    save.mutate(
      { characterLimit: limit, ratingDeviation: deviation },
      {
        onSuccess: () => {
          setLimitText(null);
          setDeviationText(null);
        },
      },
    );
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={t('feedback.giving.formLabel')}>
        <Text as="h2" size={400} weight="semibold">
          {t('feedback.giving.title')}
        </Text>
        <div className={styles.form}>
          <Field
            label={t('feedback.giving.characterLimit')}
            hint={t('feedback.giving.characterLimitHint', CHARACTER_LIMIT_RANGE)}
            validationMessage={limitError}
            validationState={limitError ? 'error' : 'none'}
          >
            <Input
              type="number"
              min={CHARACTER_LIMIT_RANGE.min}
              max={CHARACTER_LIMIT_RANGE.max}
              value={limitText ?? String(settings.characterLimit)}
              readOnly={!canEdit}
              onChange={(_, d) => setLimitText(d.value)}
            />
          </Field>
          <Field
            label={t('feedback.giving.ratingDeviation')}
            hint={t('feedback.giving.ratingDeviationHint', RATING_DEVIATION_RANGE)}
            validationMessage={deviationError}
            validationState={deviationError ? 'error' : 'none'}
          >
            <Input
              type="number"
              min={RATING_DEVIATION_RANGE.min}
              max={RATING_DEVIATION_RANGE.max}
              step={0.5}
              value={deviationText ?? String(settings.ratingDeviation)}
              readOnly={!canEdit}
              onChange={(_, d) => setDeviationText(d.value)}
            />
          </Field>
        </div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              type="submit"
              disabled={save.isPending || !dirty || limitError !== undefined || deviationError !== undefined}
            >
              {t('common:actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

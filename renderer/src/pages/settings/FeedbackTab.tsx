/**
 * Settings › Feedback, the spec's Feedback group (docs/feedback.md "Settings"): every company setting of
 * personal feedback in one tab. Giving (the comment's character limit, the rating deviation), requests (days
 * a request stays open) and the responsibility matrix (expected count and period), each card saving its own
 * fields. Read with view-tenant-settings, changed with edit-tenant-settings; the server checks the same
 * rules (shared/settings.ts).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { CHARACTER_LIMIT_RANGE, RATING_DEVIATION_RANGE } from '../../../../shared/feedback';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveGivingSettings } from '../../api/hooks/feedback';
import { usePermissions } from '../../api/hooks/me';
import { useTenant } from '../../api/hooks/tenant';
import { QueryState } from '../../components/QueryState';
import { bySchema, NumberSetting, SettingsCard, useNumberDraft } from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';
import { RequestExpirySetting } from '../feedback-requests/RequestExpirySetting';
import { FeedbackSettingsCard } from './FeedbackSettingsCard';
import { LeaderboardSettingsCard } from './LeaderboardSettingsCard';
import { FeedSettingsCard } from './FeedSettingsCard';

const useStyles = makeStyles({
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export function FeedbackTab() {
  const styles = useStyles();
  const { t } = useTranslation('settings');
  const canEdit = usePermissions().has('edit-tenant-settings');
  const tenant = useTenant();
  return (
    <QueryState query={tenant} label={t('feedback.loading')}>
      {(data) => (
        <div className={styles.cards}>
          <GivingSettingsCard settings={data.settings} canEdit={canEdit} />
          <RequestExpirySetting days={data.settings.feedbackRequestExpiryDays} canEdit={canEdit} />
          <FeedbackSettingsCard settings={data.settings} canEdit={canEdit} />
          <LeaderboardSettingsCard settings={data.settings} canEdit={canEdit} />
          <FeedSettingsCard settings={data.settings} canEdit={canEdit} />
        </div>
      )}
    </QueryState>
  );
}

function GivingSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const limit = useNumberDraft(settings.characterLimit, bySchema(tenantSettingsSchema.shape.characterLimit));
  const deviation = useNumberDraft(settings.ratingDeviation, bySchema(tenantSettingsSchema.shape.ratingDeviation));
  const save = useSaveGivingSettings();
  return (
    <SettingsCard
      label={t('feedback.giving.formLabel')}
      title={t('feedback.giving.title')}
      canEdit={canEdit}
      drafts={[limit, deviation]}
      pending={save.isPending}
      onSave={(saved) => {
        if (limit.value !== undefined && deviation.value !== undefined)
          save.mutate({ characterLimit: limit.value, ratingDeviation: deviation.value }, { onSuccess: saved });
      }}
    >
      <NumberSetting
        draft={limit}
        label={t('feedback.giving.characterLimit')}
        hint={t('feedback.giving.characterLimitHint', CHARACTER_LIMIT_RANGE)}
        invalidMessage={t('feedback.giving.characterLimitInvalid', CHARACTER_LIMIT_RANGE)}
        readOnly={!canEdit}
        {...CHARACTER_LIMIT_RANGE}
      />
      <NumberSetting
        draft={deviation}
        label={t('feedback.giving.ratingDeviation')}
        hint={t('feedback.giving.ratingDeviationHint', RATING_DEVIATION_RANGE)}
        invalidMessage={t('feedback.giving.ratingDeviationInvalid', RATING_DEVIATION_RANGE)}
        readOnly={!canEdit}
        {...RATING_DEVIATION_RANGE}
        step={0.5}
      />
    </SettingsCard>
  );
}

/**
 * Settings › Feedback, Feedback requests: how many days a new feedback request stays open before the people asked
 * can no longer answer it (tenant setting feedbackRequestExpiryDays, 1-365, default 30).
 */
import { REQUEST_EXPIRY_MAX_DAYS, REQUEST_EXPIRY_MIN_DAYS } from '../../../../shared/feedback-requests';
import { useSaveRequestExpiry } from '../../api/hooks/feedback-requests';
import { NumberSetting, SettingsCard, useNumberDraft } from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';

const RANGE = { min: REQUEST_EXPIRY_MIN_DAYS, max: REQUEST_EXPIRY_MAX_DAYS };

/** Digits only: an exponent or a decimal point is refused even where it makes a whole number ("1e1"). */
const parseDays = (text: string) => {
  const days = Number(text);
  return /^\d+$/.test(text.trim()) && days >= RANGE.min && days <= RANGE.max ? days : undefined;
};

export function RequestExpirySetting({ days, canEdit }: { days: number; canEdit: boolean }) {
  const { t } = useTranslation('feedbackRequests');
  const save = useSaveRequestExpiry();
  const expiry = useNumberDraft(days, parseDays);
  return (
    <SettingsCard
      label={t('settings.formLabel')}
      title={t('settings.title')}
      canEdit={canEdit}
      drafts={[expiry]}
      pending={save.isPending}
      onSave={(saved) => {
        if (expiry.value !== undefined) save.mutate(expiry.value, { onSuccess: saved });
      }}
    >
      <NumberSetting
        draft={expiry}
        label={t('settings.expiryDays')}
        hint={t('settings.expiryHint', RANGE)}
        invalidMessage={t('settings.expiryInvalid', RANGE)}
        readOnly={!canEdit}
        {...RANGE}
      />
    </SettingsCard>
  );
}

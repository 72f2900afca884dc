/**
 * Settings › Feedback, Responsibility matrix: the matrix's expected count per person and its period
 * (docs/feedback.md "Responsibility matrix"). Checked with the shared settings rules before saving; the
 * server checks them again.
 */
import { MATRIX_PERIODS } from '../../../../shared/feedback-matrix';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveMatrixSettings } from '../../api/hooks/feedback-matrix';
import {
  bySchema,
  NumberSetting,
  SelectSetting,
  SettingsCard,
  useDraft,
  useNumberDraft,
} from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';

export function FeedbackSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const { t } = useTranslation('feedbackMatrix');
  const index = useNumberDraft(
    settings.responsibilityMatrixIndex,
    bySchema(tenantSettingsSchema.shape.responsibilityMatrixIndex),
  );
  const period = useDraft(settings.responsibilityMatrixPeriod);
  const save = useSaveMatrixSettings();
  return (
    <SettingsCard
      label={t('settings.formLabel')}
      title={t('settings.title')}
      canEdit={canEdit}
      drafts={[index, period]}
      pending={save.isPending}
      onSave={(saved) => {
        if (index.value !== undefined)
          save.mutate(
            { responsibilityMatrixIndex: index.value, responsibilityMatrixPeriod: period.value },
            { onSuccess: saved },
          );
      }}
    >
      <NumberSetting
        draft={index}
        label={t('settings.index')}
        hint={t('settings.indexHint')}
        invalidMessage={t('settings.indexInvalid')}
        readOnly={!canEdit}
        min={0}
        max={100}
        testId="matrix-index"
      />
      <SelectSetting
        draft={period}
        options={MATRIX_PERIODS}
        optionText={(p) => t(`settings.periods.${p}`)}
        label={t('settings.period')}
        disabled={!canEdit}
        testId="matrix-period-setting"
      />
    </SettingsCard>
  );
}

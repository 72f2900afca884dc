/**
 * Settings › General › Leaderboards: how many places a board shows (leaderboardPositions, 1 to 100) and how
 * much activity ranks (gamificationThreshold: high 5 counted feedback, low 2; docs/recognition.md
 * "Leaderboards"). Checked with the shared settings rules before saving; the server checks them again.
 */
import { MINIMUM_COUNTED, type GamificationThreshold } from '../../../../shared/leaderboards';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveLeaderboardSettings } from '../../api/hooks/leaderboards';
import {
  bySchema,
  NumberSetting,
  SelectSetting,
  SettingsCard,
  useDraft,
  useNumberDraft,
} from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';

const THRESHOLDS = Object.keys(MINIMUM_COUNTED) as GamificationThreshold[];

export function LeaderboardSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const { t } = useTranslation('leaderboards');
  const positions = useNumberDraft(
    settings.leaderboardPositions,
    bySchema(tenantSettingsSchema.shape.leaderboardPositions),
  );
  const threshold = useDraft(settings.gamificationThreshold);
  const save = useSaveLeaderboardSettings();
  return (
    <SettingsCard
      label={t('settings.formLabel')}
      title={t('settings.title')}
      canEdit={canEdit}
      drafts={[positions, threshold]}
      pending={save.isPending}
      onSave={(saved) => {
        if (positions.value !== undefined)
          save.mutate(
            { leaderboardPositions: positions.value, gamificationThreshold: threshold.value },
            { onSuccess: saved },
          );
      }}
    >
      <NumberSetting
        draft={positions}
        label={t('settings.positions')}
        hint={t('settings.positionsHint')}
        invalidMessage={t('settings.positionsInvalid')}
        readOnly={!canEdit}
        min={1}
        max={100}
        testId="leaderboard-positions"
      />
      <SelectSetting
        draft={threshold}
        options={THRESHOLDS}
        optionText={(value) => t(`settings.thresholds.${value}`, { count: MINIMUM_COUNTED[value] })}
        label={t('settings.threshold')}
        hint={t('settings.thresholdHint')}
        disabled={!canEdit}
        testId="leaderboard-threshold"
      />
    </SettingsCard>
  );
}

/**
 * Settings › General › Leaderboards: how many places a board shows (leaderboardPositions, 1 to 100) and how
 * much activity ranks (gamificationThreshold: high 5 counted feedback, low 2; docs/recognition.md
 * "Leaderboards"). Checked with the shared settings rules before saving; the server checks them again.
 */
import { Button, Card, Field, Input, makeStyles, Select, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { MINIMUM_COUNTED, type GamificationThreshold } from '../../../../shared/leaderboards';
import { tenantSettingsSchema, type TenantSettings } from '../../../../shared/settings';
import { useSaveLeaderboardSettings } from '../../api/hooks/leaderboards';
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

const THRESHOLDS = Object.keys(MINIMUM_COUNTED) as GamificationThreshold[];
const isThreshold = (value: string): value is GamificationThreshold => (THRESHOLDS as string[]).includes(value);

export function LeaderboardSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['leaderboards', 'common']);
  const [positions, setPositions] = useState<string | null>(null);
  const [threshold, setThreshold] = useState<GamificationThreshold | null>(null);
  const save = useSaveLeaderboardSettings();
  const positionsText = positions ?? String(settings.leaderboardPositions);
  const parsed = tenantSettingsSchema.shape.leaderboardPositions.safeParse(
    positionsText.trim() === '' ? Number.NaN : Number(positionsText),
  );
  const positionsError = parsed.success ? undefined : t('settings.positionsInvalid');
  const dirty = positions !== null || threshold !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(
      { leaderboardPositions: parsed.data, gamificationThreshold: threshold ?? settings.gamificationThreshold },
      {
        onSuccess: () => {
          setPositions(null);
          setThreshold(null);
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
            label={t('settings.positions')}
            hint={t('settings.positionsHint')}
            validationMessage={positionsError}
            validationState={positionsError ? 'error' : 'none'}
          >
            <Input
              type="number"
              min={1}
              max={100}
              value={positionsText}
              readOnly={!canEdit}
              onChange={(_, d) => setPositions(d.value)}
              data-testid="leaderboard-positions"
            />
          </Field>
          <Field label={t('settings.threshold')} hint={t('settings.thresholdHint')}>
            <Select
              value={threshold ?? settings.gamificationThreshold}
              disabled={!canEdit}
              onChange={(_, d) => {
                if (isThreshold(d.value)) setThreshold(d.value);
              }}
              data-testid="leaderboard-threshold"
            >
              {THRESHOLDS.map((value) => (
                <option key={value} value={value}>
                  {t(`settings.thresholds.${value}`, { count: MINIMUM_COUNTED[value] })}
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

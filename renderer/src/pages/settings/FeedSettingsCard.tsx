/**
 * Settings › Feedback › News feed (docs/recognition.md "Home and the settings"): which kinds of post the
 * feed shows (feedTypes) and the side of Home it takes on a wide screen (feedPosition). Checked with the
 * shared settings rules before saving; the server checks them again.
 */
import { Checkbox, Field, Label, makeStyles, Radio, RadioGroup, Text, tokens, useId } from '@fluentui/react-components';
import { FEED_POST_KINDS, type FeedPostKind } from '../../../../shared/feed';
import {
  FEED_POSITIONS,
  tenantSettingsSchema,
  type FeedPosition,
  type TenantSettings,
} from '../../../../shared/settings';
import { useSaveFeedSettings } from '../../api/hooks/feed';
import { SettingsCard, useDraft } from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  kinds: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
});

const isPosition = (value: string): value is FeedPosition => (FEED_POSITIONS as readonly string[]).includes(value);
const feedRules = tenantSettingsSchema.pick({ feedTypes: true, feedPosition: true });

export function FeedSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const types = useDraft(settings.feedTypes);
  const position = useDraft(settings.feedPosition);
  const save = useSaveFeedSettings();
  const typesId = useId('feed-types');
  const parsed = feedRules.safeParse({ feedTypes: types.value, feedPosition: position.value });
  const toggle = (kind: FeedPostKind, on: boolean) =>
    types.set([...types.value.filter((type) => type !== kind), ...(on ? [kind] : [])]);
  return (
    <SettingsCard
      label={t('settings.formLabel')}
      title={t('settings.title')}
      canEdit={canEdit}
      drafts={[types, position]}
      saveDisabled={!parsed.success}
      pending={save.isPending}
      onSave={(saved) => {
        if (parsed.success) save.mutate(parsed.data, { onSuccess: saved });
      }}
    >
      {/* A group of its own, not a Field: a Field lends its one control id to every checkbox in it. */}
      <div className={styles.kinds} role="group" aria-labelledby={typesId}>
        <Label id={typesId}>{t('settings.types')}</Label>
        {FEED_POST_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={t(`settings.typeNames.${kind}`)}
            checked={types.value.includes(kind)}
            disabled={!canEdit}
            onChange={(_, data) => toggle(kind, data.checked === true)}
          />
        ))}
        <Text size={200} className={styles.hint}>
          {t('settings.typesHint')}
        </Text>
      </div>
      <Field label={t('settings.position')} hint={t('settings.positionHint')}>
        <RadioGroup
          value={position.value}
          disabled={!canEdit}
          onChange={(_, data) => {
            if (isPosition(data.value)) position.set(data.value);
          }}
        >
          {FEED_POSITIONS.map((value) => (
            <Radio key={value} value={value} label={t(`settings.positions.${value}`)} />
          ))}
        </RadioGroup>
      </Field>
    </SettingsCard>
  );
}

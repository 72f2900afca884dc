/**
 * Settings › Feedback › News feed (docs/recognition.md "Home and the settings"): which kinds of post the
 * feed shows (feedTypes) and the side of Home it takes on a wide screen (feedPosition). Checked with the
 * shared settings rules before saving; the server checks them again. Leaderboard videos, which have no post
 * yet, keep whatever the company had.
 */
import {
  Button,
  Card,
  Checkbox,
  Field,
  Label,
  makeStyles,
  Radio,
  RadioGroup,
  Text,
  tokens,
  useId,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { FEED_POST_KINDS, type FeedPostKind } from '../../../../shared/feed';
import {
  FEED_POSITIONS,
  tenantSettingsSchema,
  type FeedPosition,
  type FeedType,
  type TenantSettings,
} from '../../../../shared/settings';
import { useSaveFeedSettings } from '../../api/hooks/feed';
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
  kinds: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

const isPosition = (value: string): value is FeedPosition => (FEED_POSITIONS as readonly string[]).includes(value);

export function FeedSettingsCard({ settings, canEdit }: { settings: TenantSettings; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['feed', 'common']);
  const [types, setTypes] = useState<FeedType[] | null>(null);
  const [position, setPosition] = useState<FeedPosition | null>(null);
  const save = useSaveFeedSettings();
  const typesId = useId('feed-types');
  const chosen = types ?? settings.feedTypes;
  const parsed = tenantSettingsSchema.pick({ feedTypes: true, feedPosition: true }).safeParse({
    feedTypes: chosen,
    feedPosition: position ?? settings.feedPosition,
  });
  const toggle = (kind: FeedPostKind, on: boolean) =>
    setTypes([...chosen.filter((type) => type !== kind), ...(on ? [kind] : [])]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        setTypes(null);
        setPosition(null);
      },
    });
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={t('settings.formLabel')}>
        <Text as="h2" size={400} weight="semibold">
          {t('settings.title')}
        </Text>
        <div className={styles.form}>
          {/* A group of its own, not a Field: a Field lends its one control id to every checkbox in it. */}
          <div className={styles.kinds} role="group" aria-labelledby={typesId}>
            <Label id={typesId}>{t('settings.types')}</Label>
            {FEED_POST_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={t(`settings.typeNames.${kind}`)}
                checked={chosen.includes(kind)}
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
              value={position ?? settings.feedPosition}
              disabled={!canEdit}
              onChange={(_, data) => {
                if (isPosition(data.value)) setPosition(data.value);
              }}
            >
              {FEED_POSITIONS.map((value) => (
                <Radio key={value} value={value} label={t(`settings.positions.${value}`)} />
              ))}
            </RadioGroup>
          </Field>
        </div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              type="submit"
              disabled={save.isPending || (types === null && position === null) || !parsed.success}
            >
              {t('common:actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

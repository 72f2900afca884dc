/**
 * One feedback as the lists and the detail page show it: who gave it to whom and when, its average and
 * its ratings (in their category's colour), the comment, the files, the reactions (who reacted on hover;
 * one per person per emoji, optimistic), and the giver's "under review" while a flag hides it.
 */
import {
  Badge,
  Button,
  Card,
  makeStyles,
  mergeClasses,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  RatingDisplay,
  Text,
  ToggleButton,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular, EmojiAddRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { REACTION_EMOJIS } from '../../../../shared/feedback';
import { useMe } from '../../api/hooks/me';
import { useReaction, type FeedbackItem } from '../../api/hooks/feedback';
import { useFormat, useTranslation } from '../../i18n';
import { bandColor } from './rating-band';
import { ratingLabelKey } from './RatingPicker';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  unseen: { borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  average: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  ratings: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  dot: { width: '8px', height: '8px', borderRadius: '50%' },
  comment: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  files: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  image: {
    display: 'block',
    width: '96px',
    height: '72px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  file: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForeground1,
  },
  reactions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
});

export function FeedbackCard({
  item,
  unseenMark,
  actions,
  headerLink,
}: {
  item: FeedbackItem;
  /** Show the "New" mark when the receiver has not opened it. */
  unseenMark?: boolean;
  actions?: ReactNode;
  /** The people line as a link (lists) or plain text (detail). */
  headerLink?: (content: ReactNode) => ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feedback');
  const format = useFormat();
  const me = useMe();
  const react = useReaction();
  const isNew = unseenMark && !item.seen;
  const people = t('card.people', {
    giver: item.giver.name,
    receivers: item.recipients.map((r) => r.name).join(', '),
  });
  const labelKey = ratingLabelKey(item.rating);
  return (
    <Card className={mergeClasses(styles.card, isNew && styles.unseen)} data-testid={`feedback-${item.id}`}>
      <div className={styles.head}>
        <div className={styles.who}>
          <Text weight="semibold">{headerLink ? headerLink(people) : people}</Text>
          <Tooltip content={format.instant(item.createdAt)} relationship="description">
            <Text size={200} className={styles.muted}>
              {format.relative(item.createdAt)}
            </Text>
          </Tooltip>
        </div>
        {isNew ? <Badge appearance="filled">{t('card.new')}</Badge> : null}
        {item.flagStatus !== 'none' ? (
          <Badge appearance="tint" color="warning">
            {t(`card.flag.${item.flagStatus}`)}
          </Badge>
        ) : null}
        {item.average !== null ? (
          <span
            className={styles.average}
            aria-label={t('card.average', { value: format.number(item.average, { maximumFractionDigits: 1 }) })}
          >
            <RatingDisplay
              value={Math.round(item.average * 2) / 2}
              size="large"
              valueText={format.number(item.average, { maximumFractionDigits: 1 })}
            />
            {labelKey ? (
              <Text weight="semibold" style={{ color: bandColor(item.average) }}>
                {t(labelKey)}
              </Text>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className={styles.ratings}>
        {item.ratings.map((r) => (
          <span key={`${r.categoryId}-${r.attributeId ?? 'c'}`} className={styles.chip}>
            <span className={styles.dot} style={{ backgroundColor: r.color }} aria-hidden="true" />
            <Text size={200}>{r.attributeName ?? r.categoryName}</Text>
            <Text size={200} weight="semibold">
              {r.rating > 0 ? r.rating : t('rating.none')}
            </Text>
          </span>
        ))}
      </div>
      {item.comment ? <Text className={styles.comment}>{item.comment}</Text> : null}
      {item.attachments.length > 0 ? (
        <div className={styles.files}>
          {item.attachments.map((a) =>
            a.url === null ? null : a.kind === 'image' ? (
              <a
                key={a.id}
                href={a.url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('files.open', { name: a.name })}
              >
                <img className={styles.image} src={a.thumbnailUrl ?? a.url} alt={a.name} />
              </a>
            ) : (
              <a key={a.id} href={a.url} target="_blank" rel="noreferrer" className={styles.file}>
                <AttachRegular /> {a.name}
              </a>
            ),
          )}
        </div>
      ) : null}
      <div className={styles.reactions}>
        {item.reactions.map((r) => (
          <Tooltip key={r.emoji} content={r.names.join(', ')} relationship="description">
            <ToggleButton
              size="small"
              shape="circular"
              checked={r.mine}
              aria-label={t('card.reaction', { emoji: r.emoji, count: r.count })}
              onClick={() =>
                react.mutate({
                  feedbackId: item.id,
                  emoji: r.emoji as (typeof REACTION_EMOJIS)[number],
                  add: !r.mine,
                  me: me?.employee.name ?? '',
                })
              }
            >
              {r.emoji} {r.count}
            </ToggleButton>
          </Tooltip>
        ))}
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={t('card.react')} relationship="label">
              <Button size="small" appearance="subtle" shape="circular" icon={<EmojiAddRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {REACTION_EMOJIS.map((emoji) => (
                <MenuItem
                  key={emoji}
                  onClick={() => react.mutate({ feedbackId: item.id, emoji, add: true, me: me?.employee.name ?? '' })}
                >
                  {emoji}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
        {actions ? <span className={styles.actions}>{actions}</span> : null}
      </div>
    </Card>
  );
}

/**
 * What a feedback rates: the active categories with their attributes as toggles; each chosen one gets a
 * 1-5 rating (its label beside it: 5 Excellent ... 1 Poor) and can be left unrated (0) or removed.
 */
import { Button, makeStyles, Rating, Text, ToggleButton, Tooltip, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { GivingOptions } from '../../../../shared/contracts/feedback';
import { RATING_LABEL_KEYS, type Rating as RatingValue } from '../../../../shared/feedback';
import { useTranslation } from '../../i18n';

export type Chosen = { categoryId: number; attributeId: number | null; name: string; color: string; rating: number };

const useStyles = makeStyles({
  categories: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  category: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  categoryName: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  toggles: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chosen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(140px, 1fr) auto minmax(110px, auto) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function ratingLabelKey(rating: number): (typeof RATING_LABEL_KEYS)[RatingValue] | null {
  return rating >= 1 && rating <= 5 ? RATING_LABEL_KEYS[rating as RatingValue] : null;
}

export function RatingPicker({
  categories,
  value,
  onChange,
  keyOf,
}: {
  categories: GivingOptions['categories'];
  value: Chosen[];
  onChange: (value: Chosen[]) => void;
  keyOf: (c: Chosen) => string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feedback');
  const chosenKeys = new Set(value.map(keyOf));
  const toggle = (item: Chosen) =>
    chosenKeys.has(keyOf(item)) ? onChange(value.filter((c) => keyOf(c) !== keyOf(item))) : onChange([...value, item]);

  if (categories.length === 0) return <Text className={styles.muted}>{t('give.noCategories')}</Text>;
  return (
    <div>
      <div className={styles.categories}>
        {categories.map((category) => {
          const whole: Chosen = {
            categoryId: category.id,
            attributeId: null,
            name: category.name,
            color: category.color,
            rating: 0,
          };
          return (
            <div key={category.id} className={styles.category} role="group" aria-label={category.name}>
              <span className={styles.categoryName}>
                <span className={styles.dot} style={{ backgroundColor: category.color }} aria-hidden="true" />
                <Text weight="semibold">{category.name}</Text>
                {category.description ? (
                  <Text size={200} className={styles.muted}>
                    {category.description}
                  </Text>
                ) : null}
              </span>
              <div className={styles.toggles}>
                <ToggleButton
                  size="small"
                  shape="circular"
                  checked={chosenKeys.has(keyOf(whole))}
                  onClick={() => toggle(whole)}
                >
                  {t('give.wholeCategory')}
                </ToggleButton>
                {category.attributes.map((attribute) => {
                  const item: Chosen = {
                    categoryId: category.id,
                    attributeId: attribute.id,
                    name: attribute.name,
                    color: category.color,
                    rating: 0,
                  };
                  const button = (
                    <ToggleButton
                      key={attribute.id}
                      size="small"
                      shape="circular"
                      checked={chosenKeys.has(keyOf(item))}
                      onClick={() => toggle(item)}
                    >
                      {attribute.name}
                    </ToggleButton>
                  );
                  return attribute.description ? (
                    <Tooltip key={attribute.id} content={attribute.description} relationship="description">
                      {button}
                    </Tooltip>
                  ) : (
                    button
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      {value.length > 0 ? (
        <div className={styles.chosen} aria-label={t('give.chosen')} role="list">
          {value.map((c) => {
            const label = ratingLabelKey(c.rating);
            return (
              <div key={keyOf(c)} className={styles.row} role="listitem">
                <span className={styles.categoryName}>
                  <span className={styles.dot} style={{ backgroundColor: c.color }} aria-hidden="true" />
                  <Text>{c.name}</Text>
                </span>
                <Rating
                  aria-label={t('give.rateOf', { name: c.name })}
                  value={c.rating}
                  onChange={(_, d) =>
                    onChange(value.map((x) => (keyOf(x) === keyOf(c) ? { ...x, rating: d.value } : x)))
                  }
                />
                <Text className={styles.muted}>{label ? t(label) : t('rating.none')}</Text>
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={t('give.remove', { name: c.name })}
                  onClick={() => onChange(value.filter((x) => keyOf(x) !== keyOf(c)))}
                />
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

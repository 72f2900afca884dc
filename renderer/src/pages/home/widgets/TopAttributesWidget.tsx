/** The company's most rated attributes of the last 90 days, with their average, 20 at a time. */
import { Text } from '@fluentui/react-components';
import { StarRegular } from '@fluentui/react-icons';
import { useTopAttributes } from '../../../api/hooks/home';
import { useFormat, useTranslation } from '../../../i18n';
import { MoreButton } from './MoreButton';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

export function TopAttributesWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const fmt = useFormat();
  const query = useTopAttributes();
  const title = t('widgets.topAttributes.title');
  return (
    <WidgetCard title={title} icon={<StarRegular />}>
      <QueryBody
        query={query}
        title={title}
        isEmpty={(data) => data.pages[0]!.items.length === 0}
        empty={t('widgets.topAttributes.empty')}
      >
        {(data) => (
          <ol className={styles.list} tabIndex={0} aria-label={t('widgets.topAttributes.list')}>
            {data.pages
              .flatMap((p) => p.items)
              .map((item) => (
                <li key={item.attribute.id} className={styles.row}>
                  <Text weight="semibold" className={styles.rank}>
                    {fmt.ordinal(item.rank)}
                  </Text>
                  <span className={styles.name}>
                    <Text block className={styles.name}>
                      {item.attribute.name}
                    </Text>
                    <Text size={200} block className={styles.muted}>
                      {item.categoryName}
                    </Text>
                  </span>
                  <span>
                    <Text size={200} block className={styles.value}>
                      {t('widgets.topAttributes.rated', { count: item.count })}
                    </Text>
                    <Text size={200} block className={styles.muted}>
                      {t('widgets.topAttributes.average', {
                        average: fmt.number(item.average, { minimumFractionDigits: 2 }),
                      })}
                    </Text>
                  </span>
                </li>
              ))}
          </ol>
        )}
      </QueryBody>
      <MoreButton query={query} />
    </WidgetCard>
  );
}

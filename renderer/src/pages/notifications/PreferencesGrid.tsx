/**
 * Which categories reach someone by which channel (shared/notifications.ts): a table of categories by
 * channels, each cell a labelled checkbox. The person's own settings page and the company's defaults for
 * new employees (Settings › Notification) both edit one with it.
 */
import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationPreferences,
} from '../../../../shared/notifications';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', gridColumn: '1 / -1' },
  head: { textAlign: 'start', padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
  cell: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  center: { textAlign: 'center' },
  rowHead: { fontWeight: tokens.fontWeightRegular, textAlign: 'start' },
});

export function PreferencesGrid({
  value,
  onChange,
  disabled = false,
  label,
}: {
  value: NotificationPreferences;
  onChange: (next: NotificationPreferences) => void;
  disabled?: boolean;
  label: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('notifications');
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th className={styles.head} scope="col">
            {t('settingsPage.category')}
          </th>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <th key={channel} className={`${styles.head} ${styles.center}`} scope="col">
              {t(`channels.${channel}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_CATEGORIES.map((category) => (
          <tr key={category}>
            <th className={`${styles.cell} ${styles.rowHead}`} scope="row">
              {t(`categories.${category}`)}
            </th>
            {NOTIFICATION_CHANNELS.map((channel) => (
              <td key={channel} className={`${styles.cell} ${styles.center}`}>
                <Checkbox
                  aria-label={t('settingsPage.cell', {
                    channel: t(`channels.${channel}`),
                    category: t(`categories.${category}`),
                  })}
                  checked={value[channel][category]}
                  disabled={disabled}
                  onChange={(_, d) =>
                    onChange({ ...value, [channel]: { ...value[channel], [category]: d.checked === true } })
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Says which zone the times beside it are in: the company's (a working day is the company's local day), which
 * may not be the viewer's own.
 */
import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { GlobeClockRegular } from '@fluentui/react-icons';
import { useFormat, useTranslation } from '../i18n';

const useStyles = makeStyles({
  note: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
});

export function CompanyTimeNote({ timeZone }: { timeZone: string }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const fmt = useFormat();
  return (
    <Caption1 className={styles.note} data-testid="company-time">
      <GlobeClockRegular aria-hidden="true" />
      {t('companyTime', { zone: fmt.zone(timeZone) })}
    </Caption1>
  );
}

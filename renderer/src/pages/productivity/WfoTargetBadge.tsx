/** Work from office against the company's required percentage: "Meets target" or "Below target". */
import { Badge } from '@fluentui/react-components';
import { useTranslation } from '../../i18n';

export function WfoTargetBadge({ wfoPercentage, required }: { wfoPercentage: number; required: number }) {
  const { t } = useTranslation('productivity');
  const meets = wfoPercentage >= required;
  return (
    <Badge appearance="tint" color={meets ? 'success' : 'warning'}>
      {meets ? t('wfoTarget.meets') : t('wfoTarget.below')}
    </Badge>
  );
}

/** Work from office against the company's required percentage: "Meets target" or "Below target". */
import { Badge } from '@fluentui/react-components';

export function WfoTargetBadge({ wfoPercentage, required }: { wfoPercentage: number; required: number }) {
  const meets = wfoPercentage >= required;
  return (
    <Badge appearance="tint" color={meets ? 'success' : 'warning'}>
      {meets ? 'Meets target' : 'Below target'}
    </Badge>
  );
}

/**
 * The give form's "Share on the news feed" (docs/recognition.md "News feed"): off by default, shown only
 * while the company's feed shows shared feedback; says what the feed shows of it (never the ratings).
 */
import { Checkbox, Field } from '@fluentui/react-components';
import { useMe } from '../../../api/hooks/me';
import { useTranslation } from '../../../i18n';

export function ShareOnFeedCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('feed');
  const me = useMe();
  if (!me?.tenant.settings.feedTypes.includes('feedback')) return null;
  return (
    <Field hint={t('share.hint')}>
      <Checkbox checked={checked} onChange={(_, data) => onChange(data.checked === true)} label={t('share.label')} />
    </Field>
  );
}

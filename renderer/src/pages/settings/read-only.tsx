/**
 * How the General, Tenant and Demo data tabs look to someone who may view the settings but not change
 * them: a notice above, and fields that look read-only (filled, no border to type into), not editable ones
 * that ignore typing.
 */
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
});

/** A tab's cards, one under the other. */
export function TabColumn({ children }: { children: ReactNode }) {
  return <div className={useStyles().column}>{children}</div>;
}

/** Props for an Input that is read-only: it says so to assistive technology and looks it. */
export function readOnlyLook(readOnly: boolean) {
  return readOnly ? ({ readOnly: true, appearance: 'filled-darker', 'aria-readonly': true } as const) : {};
}

export function ReadOnlyNotice({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('settings');
  if (canEdit) return null;
  return (
    <MessageBar intent="info" data-testid="settings-read-only">
      <MessageBarBody>{t('general.readOnly')}</MessageBarBody>
    </MessageBar>
  );
}

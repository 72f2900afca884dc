/**
 * An active switch in a table row. Switching on happens at once; switching off asks first, saying what
 * deactivating means (docs/feedback.md), because it withdraws the item from new feedback.
 */
import { Switch } from '@fluentui/react-components';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';

export function StatusSwitch({
  label,
  checked,
  disabled,
  confirmTitle,
  confirmBody,
  onChange,
}: {
  /** The switch's accessible name ("Active: Quality"). */
  label: string;
  checked: boolean;
  disabled: boolean;
  confirmTitle: string;
  confirmBody: string;
  onChange: (isActive: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation('feedbackAdmin');
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Switch
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={(_, d) => (d.checked ? void onChange(true).catch(() => undefined) : setConfirming(true))}
      />
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        confirmLabel={t('status.deactivate')}
        danger
        onConfirm={() => onChange(false)}
        onClose={() => setConfirming(false)}
      >
        {confirmBody}
      </ConfirmDialog>
    </>
  );
}

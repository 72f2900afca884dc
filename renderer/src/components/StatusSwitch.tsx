/**
 * An active switch in a table row (feedback categories and attributes, functions, badges and their
 * categories). Switching on happens at once; switching off asks first, saying what deactivating means
 * (docs/feedback.md, docs/recognition.md), because it withdraws the item from what people are offered.
 */
import { Switch } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';

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
  const { t } = useTranslation('common');
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
        confirmLabel={t('actions.deactivate')}
        danger
        onConfirm={() => onChange(false)}
        onClose={() => setConfirming(false)}
      >
        {confirmBody}
      </ConfirmDialog>
    </>
  );
}

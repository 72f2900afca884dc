/**
 * The question before unsaved edits are given up (unsaved.tsx): stay, or leave without saving. A chunk of its own,
 * fetched when first asked, since the first screen does without Fluent's dialog (issue #18).
 */
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../i18n';
import { BusyButton, DialogFrame } from './DialogFrame';

export default function UnsavedDialog({ open, onAnswer }: { open: boolean; onAnswer: (leave: boolean) => void }) {
  const { t } = useTranslation('common');
  return (
    <DialogFrame
      open={open}
      title={t('unsaved.title')}
      modalType="alert"
      onClose={() => onAnswer(false)}
      actions={
        <>
          <Button appearance="secondary" onClick={() => onAnswer(false)}>
            {t('unsaved.stay')}
          </Button>
          <BusyButton busy={false} danger onClick={() => onAnswer(true)}>
            {t('unsaved.leave')}
          </BusyButton>
        </>
      }
    >
      {t('unsaved.body')}
    </DialogFrame>
  );
}

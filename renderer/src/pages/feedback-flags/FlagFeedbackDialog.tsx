/**
 * Flag a feedback (docs/feedback.md "Flags"): a required reason for the reviewers. Whoever may read the
 * feedback may flag it, once; it is then hidden until a reviewer decides. The feedback detail page places it.
 */
import { Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { FLAG_REASON_MAX } from '../../../../shared/feedback-requests';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useFlagFeedback } from '../../api/hooks/feedback-flags';
import { FormDialog } from '../../components/FormDialog';
import { useTranslation } from '../../i18n';

export type FlagFeedbackDialogProps = {
  feedbackId: number;
  /** Called when the dialog closes: `flagged` says whether the flag was sent. */
  onDone: (flagged: boolean) => void;
};

export function FlagFeedbackDialog({ feedbackId, onDone }: FlagFeedbackDialogProps) {
  const { t } = useTranslation('feedbackRequests');
  const flag = useFlagFeedback();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const missing = reason.trim() === '';
  const message = fieldError ?? (submitted && missing ? t('flagDialog.reasonRequired') : undefined);
  const submit = () => {
    setSubmitted(true);
    setError(null);
    if (missing) return;
    flag.mutate(
      { feedbackId, reason: reason.trim() },
      {
        onSuccess: () => onDone(true),
        onError: (failure) => {
          setError(errorMessage(failure));
          setFieldError(fieldErrors(failure)['reason']);
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('flagDialog.title')}
      description={t('flagDialog.description')}
      size="medium"
      error={error}
      onSubmit={submit}
      onClose={() => onDone(false)}
      submitLabel={t('flagDialog.submit')}
      pending={flag.isPending}
      danger
    >
      <Field
        label={t('flagDialog.reason')}
        required
        hint={t('flagDialog.reasonHint', { max: FLAG_REASON_MAX })}
        validationMessage={message}
        validationState={message ? 'error' : 'none'}
      >
        <Textarea
          autoFocus
          value={reason}
          maxLength={FLAG_REASON_MAX}
          resize="vertical"
          onChange={(_, d) => {
            setReason(d.value);
            setFieldError(undefined);
          }}
        />
      </Field>
    </FormDialog>
  );
}

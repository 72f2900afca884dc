/** Reporting a post to the reviewers with a reason (shared/feed.ts `checkReport`, checked as typed). */
import { Field, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { checkReport } from '../../../../../shared/feed';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { useReportPost } from '../../../api/hooks/feed';
import { FormDialog } from '../../../components/FormDialog';
import { useTranslation } from '../../../i18n';
import { useIssueText } from './parts';

export function ReportDialog({ postId, onClose }: { postId: number; onClose: () => void }) {
  const { t } = useTranslation('feed');
  const issueText = useIssueText();
  const report = useReportPost();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const issues = checkReport({ reason });
  const problem = serverError ?? (tried || reason.trim() !== '' ? issueText(issues, 'reason') : undefined);
  return (
    <FormDialog
      title={t('report.title')}
      description={t('report.hint')}
      submitLabel={t('report.submit')}
      pending={report.isPending}
      onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (issues.length > 0) return;
        report.mutate(
          { postId, reason },
          {
            onSuccess: onClose,
            onError: (error) => setServerError(fieldErrors(error)['reason'] ?? errorMessage(error)),
          },
        );
      }}
    >
      <Field
        label={t('report.reason')}
        required
        validationMessage={problem}
        validationState={problem ? 'error' : 'none'}
      >
        <Textarea
          value={reason}
          rows={3}
          onChange={(_, data) => {
            setReason(data.value);
            setServerError(null);
          }}
        />
      </Field>
    </FormDialog>
  );
}

/**
 * Ask colleagues for feedback on one's own task (docs/projects.md "Task feedback"): members of the task's
 * project who may give task feedback, 1 to 5, checked by the shared rule as they are picked; the server's
 * refusal shows on the field.
 */
import { Button, Checkbox, Field, FieldContextProvider, makeStyles, Text, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { taskRequestIssues, TASK_REQUEST_MAX_EMPLOYEES } from '../../../../shared/task-feedback';
import { fieldErrors } from '../../api/errors';
import { useMe } from '../../api/hooks/me';
import { useRequestTaskFeedback, useTaskFeedbackColleagues } from '../../api/hooks/task-feedback';
import { BusyButton, DialogFrame } from '../../components/DialogFrame';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    maxHeight: '320px',
    overflowY: 'auto',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function RequestTaskFeedbackDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['taskFeedback', 'common', 'errors']);
  const me = useMe();
  const colleagues = useTaskFeedbackColleagues(taskId, true);
  const request = useRequestTaskFeedback(taskId);
  const [picked, setPicked] = useState<number[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const issue = taskRequestIssues(picked, { selfId: me?.employee.id ?? 0 })[0];
  const serverError = fieldErrors(request.error)['employeeIds'];
  const message =
    serverError ??
    (issue && (submitted || issue.code !== 'TASK_REQUEST_NOBODY') ? t(`errors:${issue.code}`) : undefined);
  const submit = () => {
    setSubmitted(true);
    if (issue) return;
    request.mutate(picked, { onSuccess: onClose });
  };
  return (
    <DialogFrame
      title={t('request.title')}
      busy={request.isPending}
      onClose={onClose}
      form={{ onSubmit: (e) => (e.preventDefault(), submit()), 'aria-label': t('request.title') }}
      actions={
        <>
          <Button onClick={onClose} disabled={request.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={request.isPending} icon={<SendRegular />}>
            {t('request.send')}
          </BusyButton>
        </>
      }
    >
      <Text>{t('request.body', { max: TASK_REQUEST_MAX_EMPLOYEES })}</Text>
      <Field label={t('request.colleagues')} validationMessage={message} validationState={message ? 'error' : 'none'}>
        <QueryState query={colleagues} label={t('request.loading')}>
          {(items) =>
            items.length === 0 ? (
              <Text className={styles.muted}>{t('request.nobody')}</Text>
            ) : (
              // Out of the Field's context: it gives its one control id to every checkbox, so each name's
              // label pointed at the first checkbox and ticking anyone ticked the first colleague.
              <FieldContextProvider value={undefined}>
                <div className={styles.list} role="group" aria-label={t('request.colleagues')}>
                  {items.map((c) => (
                    <Checkbox
                      key={c.id}
                      label={c.name}
                      checked={picked.includes(c.id)}
                      disabled={!picked.includes(c.id) && picked.length >= TASK_REQUEST_MAX_EMPLOYEES}
                      onChange={(_, d) => {
                        request.reset();
                        setPicked((p) => (d.checked ? [...p, c.id] : p.filter((id) => id !== c.id)));
                      }}
                    />
                  ))}
                </div>
              </FieldContextProvider>
            )
          }
        </QueryState>
      </Field>
    </DialogFrame>
  );
}

/**
 * The task feedback form, opened prefilled from a task (/task/:taskId/give: from a row of a project's Tasks
 * tab, a task's page or a request asked of me): the task and who receives the feedback are fixed, the
 * categories and attributes are rated as in personal feedback, the comment is bounded by the company's limit.
 * With feedback of the caller's on the task already, it edits that one. The shared rules show as the user
 * types; the server's refusal shows on its field, or above the form when it is about the task.
 */
import {
  Button,
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { RatingInput } from '../../../../shared/contracts/feedback';
import type { TaskFeedbackForm } from '../../../../shared/contracts/task-feedback';
import { contentIssues } from '../../../../shared/feedback';
import type { TaskFeedbackIssue } from '../../../../shared/task-feedback';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveTaskFeedback, useTaskFeedbackForm } from '../../api/hooks/task-feedback';
import { BusyButton } from '../../components/DialogFrame';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { RatingPicker, type Chosen } from '../feedback/RatingPicker';
import { TaskStatusBadge } from '../projects/TaskStatusBadge';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  task: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalL },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const keyOf = (c: Chosen) => (c.attributeId !== null ? `a${c.attributeId}` : `c${c.categoryId}`);

/** The caller's feedback's ratings as the picker holds them, named from the catalogue. */
function chosenFrom(form: TaskFeedbackForm): Chosen[] {
  return (form.feedback?.ratings ?? []).map((r) => ({
    categoryId: r.categoryId,
    attributeId: r.attributeId,
    name: r.attributeName ?? r.categoryName,
    color: r.color,
    rating: r.rating,
  }));
}

function Form({ form }: { form: TaskFeedbackForm }) {
  const styles = useStyles();
  const { t } = useTranslation(['taskFeedback', 'common', 'errors']);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Chosen[]>(() => chosenFrom(form));
  const [comment, setComment] = useState(form.feedback?.comment ?? '');
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveTaskFeedback(form.task.id, form.feedback?.id ?? null);
  const ratings: RatingInput[] = chosen.map((c) =>
    c.attributeId !== null
      ? { attributeId: c.attributeId, rating: c.rating }
      : { categoryId: c.categoryId, rating: c.rating },
  );
  const issues = contentIssues({ ratings, comment }, { characterLimit: form.characterLimit });
  const server = fieldErrors(save.error);
  const message = (field: TaskFeedbackIssue['field']) => {
    if (server[field]) return server[field];
    const issue = issues.find((i) => i.field === field);
    if (issue && (submitted || issue.code === 'FEEDBACK_COMMENT_TOO_LONG')) return t(`errors:${issue.code}`);
    return undefined;
  };
  // A refusal about the task itself (given meanwhile, ignored meanwhile) names no field.
  const general = save.isError && Object.keys(server).length === 0 ? errorMessage(save.error) : null;
  // Saving and Cancel both go to the task's page (the Given one for an edit): a defined place, also when the
  // form was opened directly (a link, a notification) with nothing of the app behind it in the history.
  const taskPage = form.feedback ? `/given/task/${form.task.id}` : `/task/${form.task.id}`;
  const submit = () => {
    setSubmitted(true);
    if (issues.length > 0) return;
    save.mutate({ ratings, comment }, { onSuccess: () => navigate(taskPage) });
  };
  const edited =
    <T,>(keep: (v: T) => void) =>
    (v: T) => {
      keep(v);
      save.reset();
    };
  const length = [...comment.trim()].length;
  return (
    <form
      className={styles.form}
      noValidate
      aria-label={t('give.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card className={styles.task} aria-label={t('give.taskLabel')}>
        <div className={styles.line}>
          <Text weight="semibold" size={400}>
            {form.task.issueId} · {form.task.name}
          </Text>
          <TaskStatusBadge status={form.task.status} />
        </div>
        <Text className={styles.muted}>
          {t('give.context', { project: form.task.plan.name, sprint: form.task.sprint?.name ?? '—' })}
        </Text>
        <Text data-testid="task-receiver">{t('give.receiver', { name: form.receiver.name })}</Text>
      </Card>
      {general ? (
        <MessageBar intent="error">
          <MessageBarBody>{general}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field
        label={t('give.ratings')}
        required
        validationMessage={message('ratings')}
        validationState={message('ratings') ? 'error' : 'none'}
      >
        <RatingPicker categories={form.categories} value={chosen} onChange={edited(setChosen)} keyOf={keyOf} />
      </Field>
      <Field
        label={t('give.comment')}
        hint={t('give.commentHint', { count: length, limit: form.characterLimit })}
        validationMessage={message('comment')}
        validationState={message('comment') ? 'error' : 'none'}
      >
        <Textarea value={comment} onChange={(_, d) => edited(setComment)(d.value)} resize="vertical" rows={5} />
      </Field>
      <div className={styles.actions}>
        <BusyButton type="submit" busy={save.isPending} icon={<SendRegular />}>
          {form.feedback ? t('give.update') : t('give.submit')}
        </BusyButton>
        <Button onClick={() => navigate(taskPage)} disabled={save.isPending}>
          {t('common:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function GiveTaskFeedbackPage() {
  const { t } = useTranslation('taskFeedback');
  const taskId = Number(useParams().taskId);
  const form = useTaskFeedbackForm(taskId);
  return (
    <>
      <PageHeader title={form.data?.feedback ? t('give.editTitle') : t('give.title')} subtitle={t('give.subtitle')} />
      <QueryState query={form} label={t('give.loading')}>
        {(data) => <Form key={data.feedback?.id ?? 0} form={data} />}
      </QueryState>
    </>
  );
}

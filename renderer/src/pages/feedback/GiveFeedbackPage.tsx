/**
 * Give feedback (/feedback/personal), and edit what one gave (?edit=<feedbackId>): the people, a rating
 * per chosen attribute or category (5 Excellent ... 1 Poor, 0 = not rated), a comment within the
 * company's limit. The rules of shared/feedback.ts run as the user types, the same code the server runs;
 * who will read it is said under the people (docs/feedback.md "Who sees a feedback").
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
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RatingInput } from '../../../../shared/contracts/feedback';
import { deviatesFromRecent, givingIssues, type GivingIssue } from '../../../../shared/feedback';
import { formFailure } from '../../components/form-fields';
import { useFeedbackRequest } from '../../api/hooks/feedback-requests';
import { useMe } from '../../api/hooks/me';
import {
  useColleague,
  useFeedback,
  useGiveFeedback,
  useGivingOptions,
  useRecentAverages,
  useUpdateFeedbackGroup,
} from '../../api/hooks/feedback';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { ShareOnFeedCheckbox } from '../home/feed/ShareOnFeedCheckbox';
import { AttachmentPicker, type Upload } from './AttachmentPicker';
import { RatingPicker, type Chosen } from './RatingPicker';
import { RecipientPicker, type Recipient } from './RecipientPicker';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  counter: { color: tokens.colorNeutralForeground3, textAlign: 'end' },
  over: { color: tokens.colorPaletteRedForeground1, textAlign: 'end' },
});

/** Limits the form shows as soon as they are broken; what is missing shows once the user tried to send. */
const SHOWN_AT_ONCE = new Set<GivingIssue['code']>([
  'FEEDBACK_COMMENT_TOO_LONG',
  'FEEDBACK_TO_SELF',
  'FEEDBACK_TOO_MANY_RECIPIENTS',
]);

const keyOf = (c: Chosen) => (c.attributeId !== null ? `a${c.attributeId}` : `c${c.categoryId}`);

export function GiveFeedbackPage() {
  const [params] = useSearchParams();
  const editId = Number(params.get('edit')) || null;
  const requestId = Number(params.get('request')) || null;
  if (editId) return <EditFeedback feedbackId={editId} />;
  if (requestId) return <AnswerRequest requestId={requestId} />;
  return <FeedbackForm key={params.get('to') ?? ''} to={Number(params.get('to')) || null} />;
}

/** Answering a request: to the person it is about, on the attributes asked, with the request's message shown. */
function AnswerRequest({ requestId }: { requestId: number }) {
  const { t } = useTranslation('feedback');
  const request = useFeedbackRequest(requestId);
  return (
    <QueryState query={request} label={t('give.loadingRequest')}>
      {(r) => (
        <FeedbackForm
          answering={{
            requestId: r.id,
            message: r.message,
            requester: r.requester.name,
            recipients: [r.subject],
            chosen: r.attributes.map((a) => ({
              categoryId: a.categoryId,
              attributeId: a.id,
              name: a.name,
              color: a.color,
              rating: 0,
            })),
          }}
        />
      )}
    </QueryState>
  );
}

/** Edit mode: the form prefilled from what one gave, saved as a diff of the group. */
function EditFeedback({ feedbackId }: { feedbackId: number }) {
  const { t } = useTranslation('feedback');
  const feedback = useFeedback(feedbackId);
  return (
    <QueryState query={feedback} label={t('give.loadingEdit')}>
      {(item) => (
        <FeedbackForm
          editing={{
            groupId: item.groupId,
            feedbackId: item.id,
            recipients: item.recipients.map((p) => ({ ...p, image: null })),
            chosen: item.ratings.map((r) => ({
              categoryId: r.categoryId,
              attributeId: r.attributeId,
              name: r.attributeName ?? r.categoryName,
              color: r.color,
              rating: r.rating,
            })),
            comment: item.comment ?? '',
            attachments: item.attachments.map((a) => ({
              key: `kept-${a.id}`,
              name: a.name,
              size: a.size,
              kind: a.kind,
              progress: 1,
              done: a,
              error: null,
            })),
          }}
        />
      )}
    </QueryState>
  );
}

type Editing = {
  groupId: number;
  feedbackId: number;
  recipients: Recipient[];
  chosen: Chosen[];
  comment: string;
  attachments: Upload[];
};
type Answering = { requestId: number; message: string; requester: string; recipients: Recipient[]; chosen: Chosen[] };

function FeedbackForm({ editing, answering, to }: { editing?: Editing; answering?: Answering; to?: number | null }) {
  const styles = useStyles();
  const { t } = useTranslation(['feedback', 'errors', 'common']);
  const navigate = useNavigate();
  const me = useMe();
  const options = useGivingOptions();
  const [recipients, keepRecipients] = useState<Recipient[]>(editing?.recipients ?? answering?.recipients ?? []);
  const [chosen, keepChosen] = useState<Chosen[]>(editing?.chosen ?? answering?.chosen ?? []);
  const [uploads, setUploads] = useState<Upload[]>(editing?.attachments ?? []);
  const suggested = useColleague(to ?? null);
  const [prefilled, setPrefilled] = useState(false);
  if (suggested && !prefilled && recipients.length === 0) {
    setPrefilled(true);
    keepRecipients([suggested]);
  }
  const [comment, keepComment] = useState(editing?.comment ?? '');
  const [shareOnFeed, setShareOnFeed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const give = useGiveFeedback();
  const update = useUpdateFeedbackGroup();
  const averages = useRecentAverages(recipients.map((r) => r.id));

  // A change makes the server's messages about the old values moot.
  const edited =
    <T,>(keep: (value: T) => void) =>
    (value: T) => {
      keep(value);
      setServerErrors({});
    };
  const setRecipients = edited(keepRecipients);
  const setChosen = edited(keepChosen);
  const setComment = edited(keepComment);

  const ratings: RatingInput[] = chosen.map((c) =>
    c.attributeId !== null
      ? { attributeId: c.attributeId, rating: c.rating }
      : { categoryId: c.categoryId, rating: c.rating },
  );
  const limit = options.data?.characterLimit ?? 500;
  const issues = givingIssues(
    { receiverIds: recipients.map((r) => r.id), ratings, comment },
    { selfId: me?.employee.id ?? 0, characterLimit: limit },
  );
  const deviating = useMemo(() => {
    const values = chosen.map((c) => c.rating);
    return (averages.data ?? []).filter((a) =>
      deviatesFromRecent(values, a.average, options.data?.ratingDeviation ?? 0),
    );
  }, [averages.data, chosen, options.data?.ratingDeviation]);
  const needsComment = deviating.length > 0 && comment.trim() === '';

  const message = (field: GivingIssue['field'] | 'attachmentIds') => {
    if (serverErrors[field]) return serverErrors[field];
    const issue = issues.find((i) => i.field === field);
    if (issue && (submitted || SHOWN_AT_ONCE.has(issue.code))) return t(`errors:${issue.code}`);
    if (field === 'comment' && needsComment && submitted) return t('errors:FEEDBACK_COMMENT_REQUIRED');
    return undefined;
  };
  const fieldProps = (field: GivingIssue['field'] | 'attachmentIds') => ({
    validationMessage: message(field),
    validationState: message(field) ? ('error' as const) : ('none' as const),
  });

  const visibleTo =
    recipients.length === 0
      ? t('give.visibility.nobody')
      : t('give.visibility.some', { names: recipients.map((r) => r.name).join(', '), count: recipients.length });

  const submit = () => {
    setSubmitted(true);
    setFailure(null);
    if (issues.length > 0 || needsComment || uploading) return;
    const attachmentIds = uploads.flatMap((u) => (u.done && !u.error ? [u.done.id] : []));
    const body = {
      receiverIds: recipients.map((r) => r.id),
      ratings,
      comment: comment.trim() || undefined,
      attachmentIds,
      ...(answering ? { requestId: answering.requestId } : {}),
    };
    const failed = t(editing ? 'errors:FEEDBACK_UPDATE_FAILED' : 'errors:FEEDBACK_SUBMIT_FAILED');
    const onError = (error: unknown) => {
      const said = formFailure(error, { fallback: failed });
      setServerErrors(said.fields);
      setFailure(said.banner);
    };
    if (editing) {
      update.mutate(
        { groupId: editing.groupId, body: { ...body, comment: comment.trim() } },
        {
          // The copy the edit began from is gone when its recipient was removed: land on one that remains.
          onSuccess: (r) => {
            const landing = r.feedbackIds.includes(editing.feedbackId) ? editing.feedbackId : r.feedbackIds[0];
            navigate(landing === undefined ? '/given' : `/given/${landing}`);
          },
          onError,
        },
      );
    } else {
      give.mutate(
        { ...body, shareOnFeed },
        { onSuccess: () => navigate(answering ? '/feedback/requests' : '/given'), onError },
      );
    }
  };

  const uploading = uploads.some((u) => !u.done && !u.error);
  const pending = give.isPending || update.isPending;
  const length = [...comment.trim()].length;

  return (
    <>
      <PageHeader
        title={editing ? t('give.editTitle') : t('give.title')}
        subtitle={editing ? t('give.editSubtitle') : t('give.subtitle')}
      />
      <QueryState query={options} label={t('give.loading')}>
        {(data) => (
          <form
            className={styles.form}
            aria-label={editing ? t('give.editTitle') : t('give.title')}
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
            noValidate
          >
            {failure ? (
              <MessageBar intent="error">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            ) : null}
            {answering ? (
              <MessageBar intent="info">
                <MessageBarBody>
                  {t('give.answering', { name: answering.requester })} <em>{answering.message}</em>
                </MessageBarBody>
              </MessageBar>
            ) : null}
            <Card className={styles.card}>
              <Field label={t('give.to')} required hint={visibleTo} {...fieldProps('receiverIds')}>
                <RecipientPicker value={recipients} onChange={setRecipients} selfId={me?.employee.id ?? 0} />
              </Field>
            </Card>
            <Card className={styles.card}>
              <Field label={t('give.ratings')} required {...fieldProps('ratings')}>
                <RatingPicker categories={data.categories} value={chosen} onChange={setChosen} keyOf={keyOf} />
              </Field>
            </Card>
            <Card className={styles.card}>
              <Field
                label={t('give.comment')}
                required={needsComment}
                hint={
                  deviating.length > 0
                    ? t('give.deviationHint', {
                        names: deviating
                          .map((d) => recipients.find((r) => r.id === d.receiverId)?.name ?? '')
                          .filter(Boolean)
                          .join(', '),
                        allowed: data.ratingDeviation,
                      })
                    : undefined
                }
                {...fieldProps('comment')}
              >
                <Textarea
                  value={comment}
                  onChange={(_, d) => setComment(d.value)}
                  resize="vertical"
                  rows={5}
                  placeholder={t('give.commentPlaceholder')}
                />
              </Field>
              <Text size={200} className={length > limit ? styles.over : styles.counter} aria-live="polite">
                {t('give.counter', { count: length, limit })}
              </Text>
              {/* Sharing is decided when giving: an edit neither shares nor unshares. */}
              {editing ? null : <ShareOnFeedCheckbox checked={shareOnFeed} onChange={setShareOnFeed} />}
            </Card>
            <Card className={styles.card}>
              <Field label={t('files.label')} {...fieldProps('attachmentIds')}>
                <AttachmentPicker value={uploads} onChange={setUploads} />
              </Field>
            </Card>
            <div className={styles.actions}>
              <Button onClick={() => navigate(-1)} disabled={pending}>
                {t('common:actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" icon={<SendRegular />} disabled={pending || uploading}>
                {pending ? t('give.sending') : editing ? t('give.save') : t('give.send')}
              </Button>
            </div>
          </form>
        )}
      </QueryState>
    </>
  );
}

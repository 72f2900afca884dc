/**
 * A post's conversation: a box to comment (checked as typed by the shared rule: required, at most 500
 * characters), then the comments, newest first: the post's two newest, or every comment in pages of 10
 * once opened. Sending is optimistic (`useAddComment`): the comment shows at once, marked as sending,
 * and disappears again with a toast if the server refuses it.
 */
import { Button, Field, Input, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import type { FeedComment, FeedPost } from '../../../../../shared/contracts/feed';
import { checkComment } from '../../../../../shared/feed';
import { useAddComment, useDeleteComment, useFeedComments } from '../../../api/hooks/feed';
import { useMe } from '../../../api/hooks/me';
import { EmployeeAvatar } from '../../../components/EmployeeAvatar';
import { QueryError } from '../../../components/QueryState';
import { useFormat, useTranslation } from '../../../i18n';
import { PersonLink, useIssueText } from './parts';
import { ShowMore } from '../../../components/ShowMore';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  composer: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  field: { flexGrow: 1 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  comment: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  bubble: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flexGrow: 1,
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  sending: { opacity: 0.6 },
  meta: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});

function CommentItem({ comment, postId }: { comment: FeedComment; postId: number }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const fmt = useFormat();
  const remove = useDeleteComment(postId);
  const sending = comment.id < 0;
  return (
    <li className={mergeClasses(styles.comment, sending && styles.sending)} aria-busy={sending || undefined}>
      <EmployeeAvatar employee={comment.author} size={28} aria-hidden />
      <div className={styles.bubble}>
        <div className={styles.meta}>
          <PersonLink person={comment.author} avatar={null} />
          <Text size={200} className={styles.muted}>
            {sending ? t('comments.sending') : fmt.relative(comment.createdAt)}
          </Text>
        </div>
        <Text className={styles.text}>{comment.comment}</Text>
      </div>
      {comment.canDelete ? (
        <Button
          appearance="subtle"
          size="small"
          icon={<DeleteRegular />}
          aria-label={t('comments.delete')}
          disabled={remove.isPending}
          onClick={() => remove.mutate(comment.id)}
        />
      ) : null}
    </li>
  );
}

export function Comments({ post, expanded }: { post: FeedPost; expanded: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const me = useMe();
  const issueText = useIssueText();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const add = useAddComment(post.id);
  const all = useFeedComments(post.id, expanded);
  const issues = checkComment({ comment: text });
  // An empty box says nothing until a send is tried; a text too long says so at once.
  const problem = tried || text.trim() !== '' ? issueText(issues, 'comment') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (issues.length > 0) return;
    // The box empties at once (the comment shows as sending); a refusal gives the text back.
    add.mutate(text, { onError: () => setText((now) => (now === '' ? text : now)) });
    setText('');
    setTried(false);
  };
  const comments = expanded ? (all.data?.pages.flatMap((p) => p.items) ?? post.latestComments) : post.latestComments;
  return (
    <div className={styles.root}>
      <form className={styles.composer} onSubmit={submit} noValidate aria-label={t('comments.field')}>
        {me ? <EmployeeAvatar employee={me.employee} size={28} aria-hidden /> : null}
        <Field
          className={styles.field}
          validationMessage={problem}
          validationState={problem ? 'error' : 'none'}
          aria-label={t('comments.field')}
        >
          <Input
            value={text}
            onChange={(_, data) => setText(data.value)}
            placeholder={t('comments.placeholder')}
            aria-label={t('comments.field')}
          />
        </Field>
        <Button type="submit" appearance="subtle" icon={<SendRegular />} aria-label={t('comments.send')} />
      </form>
      {comments.length > 0 ? (
        <ul className={styles.list} aria-label={t('comments.label')}>
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={post.id} />
          ))}
        </ul>
      ) : null}
      {expanded && all.isPending ? <Spinner size="tiny" label={t('comments.loading')} /> : null}
      {expanded && all.isError ? <QueryError error={all.error} onRetry={all.refetch} /> : null}
      {expanded ? <ShowMore query={all} label={t('comments.more')} appearance="transparent" size="small" /> : null}
    </div>
  );
}

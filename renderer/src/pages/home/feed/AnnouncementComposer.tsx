/** Posting an announcement to the news feed (post-announcement), checked as typed like the server does. */
import { Button, Card, Field, makeStyles, Text, Textarea, tokens } from '@fluentui/react-components';
import { MegaphoneRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_MAX, checkAnnouncement } from '../../../../../shared/feed';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { useCreateAnnouncement } from '../../../api/hooks/feed';
import { useMe } from '../../../api/hooks/me';
import { EmployeeAvatar } from '../../../components/EmployeeAvatar';
import { useTranslation } from '../../../i18n';
import { useIssueText } from './parts';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL },
  form: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minWidth: 0 },
  foot: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function AnnouncementComposer() {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const me = useMe();
  const issueText = useIssueText();
  const post = useCreateAnnouncement();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const issues = checkAnnouncement({ text });
  const problem = serverError ?? (tried || text.trim() !== '' ? issueText(issues, 'text') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (issues.length > 0) return;
    post.mutate(text, {
      onSuccess: () => {
        setText('');
        setTried(false);
      },
      onError: (error) => setServerError(fieldErrors(error)['text'] ?? errorMessage(error)),
    });
  };
  if (!me) return null;
  return (
    <Card className={styles.card}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={t('composer.label')}>
        <EmployeeAvatar employee={me.employee} size={40} aria-hidden />
        <div className={styles.body}>
          <Field validationMessage={problem} validationState={problem ? 'error' : 'none'}>
            <Textarea
              value={text}
              rows={2}
              resize="vertical"
              aria-label={t('composer.label')}
              placeholder={t('composer.placeholder', { company: me.tenant.name })}
              onChange={(_, data) => {
                setText(data.value);
                setServerError(null);
              }}
            />
          </Field>
          <div className={styles.foot}>
            <Text size={200} className={styles.muted} aria-live="polite">
              {text.trim() === '' ? '' : `${[...text.trim()].length} / ${ANNOUNCEMENT_MAX}`}
            </Text>
            <Button type="submit" appearance="primary" icon={<MegaphoneRegular />} disabled={post.isPending}>
              {t('composer.submit')}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

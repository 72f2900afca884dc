/**
 * The client's page (/client-feedback/:token; docs/projects.md, "Project and sprint feedback"): no account and
 * no app frame, the link's token is the credential. It says who asks and about what, takes overall, quality
 * and value for money (1 to 5) and a comment, and submits once; then a thank-you. A link that was used, has
 * expired, was withdrawn or does not exist says so in place of the form.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { ClientFeedbackRequest } from '../../../../shared/contracts/project-feedback';
import { errorCode, errorMessage, errorStatus } from '../../api/errors';
import { useClientFeedbackRequest, useSubmitClientFeedback } from '../../api/hooks/project-feedback';
import { BrandLockup } from '../../components/BrandMark';
import { useFormat, useTranslation } from '../../i18n';
import {
  NO_RATINGS,
  RATING_FIELDS,
  RatingFields,
  ratingsComplete,
  type RatingValues,
} from '../projects/FeedbackDialogs';
import { formFailure } from '../../components/form-fields';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    boxSizing: 'border-box',
  },
  panel: {
    width: '100%',
    maxWidth: '560px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  outcome: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  outcomeIcon: { fontSize: '32px', flexShrink: 0 },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  refused: { color: tokens.colorPaletteRedForeground1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

type Outcome = { kind: 'thanks' } | { kind: 'refused'; title: string; body: string };

/** Why a link does not work, from the server's answer. */
function useRefusal() {
  const { t } = useTranslation('projectFeedback');
  return (error: unknown): Outcome => {
    const code = errorCode(error);
    const title =
      code === 'CLIENT_LINK_USED'
        ? t('client.usedTitle')
        : code === 'CLIENT_LINK_EXPIRED'
          ? t('client.expiredTitle')
          : code === 'CLIENT_LINK_REVOKED'
            ? t('client.revokedTitle')
            : errorStatus(error) === 404 || errorStatus(error) === 400
              ? t('client.unknownTitle')
              : t('client.failedTitle');
    return { kind: 'refused', title, body: errorMessage(error) };
  };
}

export function ClientFeedbackPage() {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const token = useParams()['token'] ?? '';
  const request = useClientFeedbackRequest(token);
  const refusal = useRefusal();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    document.title = t('client.title');
  }, [t]);

  let content;
  if (outcome) content = <OutcomeView outcome={outcome} />;
  else if (request.isPending) content = <Spinner label={t('client.loading')} />;
  else if (request.isError) content = <OutcomeView outcome={refusal(request.error)} />;
  else content = <ClientForm token={token} request={request.data} onDone={setOutcome} />;

  return (
    <main className={styles.root}>
      <div className={styles.panel}>
        <BrandLockup />
        <Text as="h1" size={700} weight="semibold">
          {t('client.title')}
        </Text>
        {content}
      </div>
    </main>
  );
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const thanks = outcome.kind === 'thanks';
  return (
    <div className={styles.outcome} role={thanks ? 'status' : 'alert'} data-testid="client-feedback-outcome">
      {thanks ? (
        <CheckmarkCircleRegular className={`${styles.outcomeIcon} ${styles.ok}`} aria-hidden />
      ) : (
        <ErrorCircleRegular className={`${styles.outcomeIcon} ${styles.refused}`} aria-hidden />
      )}
      <div className={styles.facts}>
        <Text as="h2" size={500} weight="semibold">
          {thanks ? t('client.thanksTitle') : outcome.title}
        </Text>
        <Text>{thanks ? t('client.thanksBody') : outcome.body}</Text>
      </div>
    </div>
  );
}

function ClientForm({
  token,
  request,
  onDone,
}: {
  token: string;
  request: ClientFeedbackRequest;
  onDone: (outcome: Outcome) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('projectFeedback');
  const format = useFormat();
  const submit = useSubmitClientFeedback(token);
  const refusal = useRefusal();
  const [values, setValues] = useState<RatingValues>(NO_RATINGS);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<{ text: string | null; fields: Record<string, string | undefined> } | null>(null);

  const send = () => {
    setSubmitted(true);
    setError(null);
    if (!ratingsComplete(values)) return;
    submit.mutate(
      {
        overall: values.overall,
        quality: values.quality,
        valueForMoney: values.valueForMoney,
        comment: values.comment.trim() === '' ? null : values.comment,
      },
      {
        onSuccess: () => onDone({ kind: 'thanks' }),
        onError: (e) => {
          // A link spent or withdrawn meanwhile ends the form; a refused field stays to be corrected.
          if (errorStatus(e) === 410 || errorStatus(e) === 404) onDone(refusal(e));
          // Someone else's session in this browser (the product owner trying the link): sign out, then send.
          else if (errorCode(e) === 'CLIENT_LINK_NOT_YOURS')
            setError({ text: t('client.notYours', { client: request.client }), fields: {} });
          else {
            const said = formFailure(e, { shown: RATING_FIELDS });
            setError({ text: said.banner, fields: said.fields });
          }
        },
      },
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className={styles.facts}>
        <Text>
          {request.requestedBy
            ? t('client.intro', { requestedBy: request.requestedBy, company: request.company, client: request.client })
            : t('client.introNoOne', { company: request.company, client: request.client })}
        </Text>
        <Text weight="semibold">{t('client.about', { project: request.project })}</Text>
        <Text weight="semibold">
          {request.pbi
            ? t('client.pbiTarget', { refId: request.pbi.refId, name: request.pbi.name, sprint: request.sprint })
            : t('client.sprintTarget', { sprint: request.sprint })}
        </Text>
        <Text size={200} className={styles.muted}>
          {t('client.expires', { date: format.day(request.expiresAt) })}
        </Text>
      </div>
      {error?.text || (submitted && !ratingsComplete(values)) ? (
        <MessageBar intent="error">
          <MessageBarBody>{error?.text ?? t('client.missing')}</MessageBarBody>
        </MessageBar>
      ) : null}
      <RatingFields
        values={values}
        onChange={setValues}
        showMissing={submitted}
        commentLabel={t('client.comment')}
        errors={error?.fields ?? {}}
      />
      <Button type="submit" appearance="primary" size="large" disabled={submit.isPending}>
        {t('client.submit')}
      </Button>
    </form>
  );
}

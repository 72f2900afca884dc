/**
 * The Feedback tab's dialogs: a product owner's own rating of a sprint or one of its PBIs (loaded when one
 * exists, changed in place), and the request of a client's feedback, which shows the link once to copy. The
 * three ratings and the comment are `RatingFields`, shared with the client's page. Both open on a given
 * target when the PBI detail page opens them.
 */
import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Rating,
  Spinner,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { ProjectFeedback } from '../../../../shared/contracts/project-feedback';
import type { ProjectDetail } from '../../../../shared/contracts/projects';
import {
  PROJECT_FEEDBACK_COMMENT_MAX,
  PROJECT_RATING_KEYS,
  PROJECT_RATING_MAX,
  type ProjectRatingKey,
} from '../../../../shared/project-feedback';
import { formFailure } from '../../components/form-fields';
import {
  useCreateClientLink,
  useMyFeedback,
  useProjectClients,
  useSaveMyFeedback,
  useSprintPbis,
} from '../../api/hooks/project-feedback';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useSprints } from '../../api/hooks/projects';
import { DialogFrame } from '../../components/DialogFrame';
import { FormDialog } from '../../components/FormDialog';
import { QueryError } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';

/** What the caller may do about a project's feedback: read it, rate as its product owner, and ask its clients. */
export function useFeedbackRights(project: ProjectDetail) {
  const permissions = usePermissions();
  const me = useMe();
  const isOwner = project.members.some((m) => m.employeeId === me?.employee.id && m.role === 'product-owner');
  return {
    canRate: isOwner && permissions.has('give-project-feedback'),
    canRequest: permissions.has('request-client-feedback') && (isOwner || permissions.has('view-all-projects')),
    /** The graph, averages and list (client ratings within them by view-client-feedback, on the server). */
    canRead: permissions.has('view-project-feedback'),
  };
}

/** A sprint, or one backlog item of it, the dialogs open on; `pbi` names it before the picker's list loads. */
export type FeedbackTarget = { sprintId: number; pbi: { id: number; refId: string; name: string } | null };

export type RatingValues = Record<ProjectRatingKey, number> & { comment: string };
export const NO_RATINGS: RatingValues = { overall: 0, quality: 0, valueForMoney: 0, comment: '' };
export const ratingsComplete = (v: RatingValues) => PROJECT_RATING_KEYS.every((k) => v[k] >= 1);
/** The fields RatingFields shows a refusal's messages under; any other field's message goes above the form. */
export const RATING_FIELDS: readonly string[] = [...PROJECT_RATING_KEYS, 'comment'];

const useStyles = makeStyles({
  ratings: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  link: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
});

/** Overall, quality and value for money (1 to 5, by keyboard or pointer) and the comment. */
export function RatingFields({
  values,
  onChange,
  showMissing,
  commentLabel,
  errors = {},
}: {
  values: RatingValues;
  onChange: (next: RatingValues) => void;
  showMissing: boolean;
  commentLabel: string;
  errors?: Record<string, string | undefined>;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['projectFeedback', 'validation']);
  return (
    <div className={styles.ratings}>
      {PROJECT_RATING_KEYS.map((key) => (
        <Field
          key={key}
          label={t(`metrics.${key}`)}
          required
          validationMessage={errors[key] ?? (showMissing && values[key] < 1 ? t('validation:rating') : undefined)}
        >
          <Rating
            size="extra-large"
            max={PROJECT_RATING_MAX}
            aria-label={t('rate.rateOf', { metric: t(`metrics.${key}`) })}
            value={values[key]}
            onChange={(_, d) => onChange({ ...values, [key]: d.value })}
            data-testid={`rating-${key}`}
          />
        </Field>
      ))}
      <Field label={commentLabel} validationMessage={errors['comment']}>
        <Textarea
          value={values.comment}
          maxLength={PROJECT_FEEDBACK_COMMENT_MAX}
          resize="vertical"
          rows={4}
          onChange={(_, d) => onChange({ ...values, comment: d.value })}
        />
      </Field>
    </div>
  );
}

/** A backlog item as pickers name it: its tracker id and name. */
const itemName = (b: { refId: string; name: string }) => `${b.refId} ${b.name}`;
/** A client as the picker names them: name and address, so namesakes are told apart. */
const clientName = (c: { name: string; email: string }) => `${c.name} (${c.email})`;

const toBody = (v: RatingValues) => ({
  overall: v.overall,
  quality: v.quality,
  valueForMoney: v.valueForMoney,
  comment: v.comment.trim() === '' ? null : v.comment,
});

/** Sprint and backlog item pickers: the sprints newest first, then the whole sprint or one of its items. */
function TargetFields({
  projectId,
  sprintId,
  pbiId,
  onChange,
  sprintLabel,
  pbiLabel,
  wholeSprintLabel,
  known,
}: {
  sprintLabel: string;
  projectId: number;
  sprintId: number | null;
  pbiId: number | null;
  onChange: (sprintId: number | null, pbiId: number | null) => void;
  pbiLabel: string;
  wholeSprintLabel: string;
  /** The item opened on, named even when it is not among the first hundred the picker lists. */
  known?: FeedbackTarget['pbi'] | undefined;
}) {
  const sprints = useSprints(projectId);
  const pbis = useSprintPbis(projectId, sprintId);
  const sprint = sprints.data?.items.find((s) => s.id === sprintId);
  const pbi = pbis.data?.items.find((b) => b.id === pbiId) ?? (known && known.id === pbiId ? known : undefined);
  return (
    <>
      <Field label={sprintLabel} required>
        <Dropdown
          value={sprint?.name ?? ''}
          selectedOptions={sprintId === null ? [] : [String(sprintId)]}
          onOptionSelect={(_, d) => onChange(Number(d.optionValue), null)}
        >
          {(sprints.data?.items ?? []).map((s) => (
            <Option key={s.id} value={String(s.id)}>
              {s.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={pbiLabel}>
        <Dropdown
          disabled={sprintId === null}
          value={pbi ? itemName(pbi) : wholeSprintLabel}
          selectedOptions={[pbiId === null ? 'sprint' : String(pbiId)]}
          onOptionSelect={(_, d) => onChange(sprintId, d.optionValue === 'sprint' ? null : Number(d.optionValue))}
        >
          <Option value="sprint">{wholeSprintLabel}</Option>
          {(pbis.data?.items ?? []).map((b) => (
            <Option key={b.id} value={String(b.id)} text={itemName(b)}>
              {itemName(b)}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </>
  );
}

/** The product owner's own rating. */
export function RateDialog({
  project,
  target,
  onClose,
}: {
  project: ProjectDetail;
  target?: FeedbackTarget;
  onClose: () => void;
}) {
  const sprints = useSprints(project.id);
  const [picked, setPicked] = useState<{ sprintId: number | null; pbiId: number | null } | null>(
    target ? { sprintId: target.sprintId, pbiId: target.pbi?.id ?? null } : null,
  );
  const sprintId = picked?.sprintId ?? sprints.data?.items[0]?.id ?? null;
  const pbiId = picked?.pbiId ?? null;
  const mine = useMyFeedback(project.id, sprintId, pbiId);
  const ready = sprintId === null || !mine.isPending;
  const { t } = useTranslation(['projectFeedback', 'common']);
  // A form started empty over a rating that failed to load would save over it: the error, with Retry, instead.
  if (sprintId !== null && mine.isError)
    return (
      <DialogFrame
        open
        title={t('rate.title')}
        onClose={onClose}
        actions={<Button onClick={onClose}>{t('common:actions.cancel')}</Button>}
      >
        <Text>{t('rate.loadFailed')}</Text>
        <QueryError error={mine.error} onRetry={() => mine.refetch()} />
      </DialogFrame>
    );
  // Not a form until the stored rating is in: stars picked meanwhile would be lost when it arrives.
  if (!ready)
    return (
      <DialogFrame
        open
        title={t('rate.title')}
        onClose={onClose}
        actions={<Button onClick={onClose}>{t('common:actions.cancel')}</Button>}
      >
        <Spinner label={t('rate.loading')} />
      </DialogFrame>
    );
  return (
    <RateForm
      // A new target, or its rating loaded: the form starts again from what is stored.
      key={`${sprintId}-${pbiId}-${ready ? (mine.data?.id ?? 'new') : 'loading'}`}
      project={project}
      sprintId={sprintId}
      pbiId={pbiId}
      existing={mine.data ?? null}
      known={target?.pbi}
      onTarget={(s, b) => setPicked({ sprintId: s, pbiId: b })}
      onClose={onClose}
    />
  );
}

function RateForm({
  project,
  sprintId,
  pbiId,
  existing,
  known,
  onTarget,
  onClose,
}: {
  project: ProjectDetail;
  sprintId: number | null;
  pbiId: number | null;
  existing: ProjectFeedback | null;
  known: FeedbackTarget['pbi'] | undefined;
  onTarget: (sprintId: number | null, pbiId: number | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['projectFeedback', 'errors']);
  const format = useFormat();
  const save = useSaveMyFeedback(project.id);
  const [values, setValues] = useState<RatingValues>(() =>
    existing
      ? {
          overall: existing.overall,
          quality: existing.quality,
          valueForMoney: existing.valueForMoney,
          comment: existing.comment ?? '',
        }
      : NO_RATINGS,
  );
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<{ text: string | null; fields: Record<string, string | undefined> } | null>(null);
  const submit = () => {
    setSubmitted(true);
    setError(null);
    if (sprintId === null || !ratingsComplete(values)) return;
    save.mutate(
      { sprintId, pbiId, ...toBody(values) },
      {
        onSuccess: onClose,
        onError: (e) => {
          const said = formFailure(e, { title: t('errors:PROJECT_FEEDBACK_FAILED'), shown: RATING_FIELDS });
          setError({ text: said.banner, fields: said.fields });
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('rate.title')}
      description={
        existing
          ? t('rate.editing', { date: format.day(existing.updatedAt) })
          : t('rate.description', { project: project.name })
      }
      // What is wrong now: the server's refusal, or, once tried, what the form still lacks as it stands.
      error={
        error?.text ??
        (!submitted
          ? null
          : sprintId === null
            ? t('rate.noSprint')
            : !ratingsComplete(values)
              ? t('rate.missing')
              : null)
      }
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('rate.save')}
      pending={save.isPending}
      size="medium"
    >
      <TargetFields
        projectId={project.id}
        sprintId={sprintId}
        pbiId={pbiId}
        onChange={onTarget}
        known={known}
        sprintLabel={t('rate.sprint')}
        pbiLabel={t('rate.pbi')}
        wholeSprintLabel={t('rate.wholeSprint')}
      />
      <RatingFields
        values={values}
        onChange={setValues}
        showMissing={submitted}
        commentLabel={t('rate.comment')}
        errors={error?.fields ?? {}}
      />
    </FormDialog>
  );
}

/** Asks a client: pick the client, the sprint and perhaps one item; then the link to copy. */
export function RequestClientDialog({
  project,
  target,
  onClose,
}: {
  project: ProjectDetail;
  target?: FeedbackTarget;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['projectFeedback', 'errors']);
  const format = useFormat();
  const clients = useProjectClients(project.id);
  const sprints = useSprints(project.id);
  const create = useCreateClientLink(project.id);
  const [clientId, setClientId] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ sprintId: number | null; pbiId: number | null } | null>(
    target ? { sprintId: target.sprintId, pbiId: target.pbi?.id ?? null } : null,
  );
  const [error, setError] = useState<{ text: string | null; fields: Record<string, string | undefined> } | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const sprintId = picked?.sprintId ?? sprints.data?.items[0]?.id ?? null;
  const pbiId = picked?.pbiId ?? null;
  const client = clients.data?.items.find((c) => c.id === clientId);
  const created = create.data;

  if (created) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(created.url);
        setCopied('yes');
      } catch {
        setCopied('failed');
      }
    };
    return (
      <DialogFrame
        open
        title={created.emailed ? t('request.sentTitle') : t('request.madeTitle')}
        onClose={onClose}
        actions={
          <Button appearance="primary" onClick={onClose}>
            {t('request.done')}
          </Button>
        }
      >
        {created.emailed ? (
          <Text>{t('request.sentBody', { name: created.client.name, date: format.day(created.expiresAt) })}</Text>
        ) : (
          <MessageBar intent="warning" data-testid="client-link-not-emailed">
            <MessageBarBody>
              {t('request.notEmailed', { name: created.client.name, date: format.day(created.expiresAt) })}
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.link}>
          <Field label={t('request.linkLabel')} className={styles.grow}>
            <Input readOnly value={created.url} onFocus={(e) => e.target.select()} data-testid="client-link" />
          </Field>
          <Button icon={<CopyRegular />} onClick={() => void copy()}>
            {t('request.copy')}
          </Button>
        </div>
        {copied ? (
          <MessageBar intent={copied === 'yes' ? 'success' : 'warning'}>
            <MessageBarBody>{copied === 'yes' ? t('request.copied') : t('request.copyFailed')}</MessageBarBody>
          </MessageBar>
        ) : null}
      </DialogFrame>
    );
  }

  const submit = () => {
    if (clientId === null || sprintId === null) {
      setError({
        text: clientId === null ? t('request.pickClient') : t('request.noSprint'),
        fields: clientId === null ? { 'body.clientId': t('request.pickClient') } : {},
      });
      return;
    }
    create.mutate(
      { clientId, sprintId, pbiId },
      {
        onError: (e) => {
          const said = formFailure(e, { shown: ['clientId'] });
          setError({ text: said.banner, fields: said.fields });
        },
      },
    );
  };
  const noClients = clients.data !== undefined && clients.data.items.length === 0;
  return (
    <FormDialog
      title={t('request.title')}
      description={t('request.description')}
      error={error?.text ?? null}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('request.send')}
      pending={create.isPending}
      size="medium"
    >
      {noClients ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('request.noClients')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {clients.isError ? (
        <>
          <Text>{t('request.clientsFailed')}</Text>
          <QueryError error={clients.error} onRetry={() => clients.refetch()} />
        </>
      ) : null}
      <Field label={t('request.client')} required validationMessage={error?.fields['clientId']}>
        <Dropdown
          placeholder={t('request.clientPlaceholder')}
          value={client ? clientName(client) : ''}
          selectedOptions={clientId === null ? [] : [String(clientId)]}
          onOptionSelect={(_, d) => setClientId(Number(d.optionValue))}
        >
          {(clients.data?.items ?? []).map((c) => (
            <Option key={c.id} value={String(c.id)} text={clientName(c)}>
              {clientName(c)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <TargetFields
        projectId={project.id}
        sprintId={sprintId}
        pbiId={pbiId}
        onChange={(s, b) => setPicked({ sprintId: s, pbiId: b })}
        known={target?.pbi}
        sprintLabel={t('request.sprint')}
        pbiLabel={t('request.pbi')}
        wholeSprintLabel={t('request.wholeSprint')}
      />
    </FormDialog>
  );
}

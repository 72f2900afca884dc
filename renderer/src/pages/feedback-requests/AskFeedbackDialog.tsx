/**
 * Ask for feedback (docs/feedback.md "Requests"): about oneself, or with ask-feedback-recipient about a
 * chosen colleague; one team or up to 5 colleagues; 1 to 5 attributes; a message and an optional due
 * date. The rules of shared/feedback-requests.ts run as the user picks (the pickers stop at the limits);
 * the server runs them again and its answer shows on the fields, with the spec's failure message.
 */
import {
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  OptionGroup,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { REQUEST_MAX_ATTRIBUTES, REQUEST_MAX_EMPLOYEES } from '../../../../shared/feedback';
import { checkRequestDraft, REQUEST_MESSAGE_MAX } from '../../../../shared/feedback-requests';
import { addDays, localDate } from '../../../../shared/time';
import { useAskFeedback, useRequestOptions, type RequestOptions } from '../../api/hooks/feedback-requests';
import { useMe } from '../../api/hooks/me';
import { FormDialog } from '../../components/FormDialog';
import { QueryState } from '../../components/QueryState';
import { formFailure, useFieldMessages } from '../../components/form-fields';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  muted: { color: tokens.colorNeutralForeground3 },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    marginRight: tokens.spacingHorizontalS,
  },
});

type Field = 'subjectId' | 'employeeIds' | 'teamId' | 'attributeIds' | 'message' | 'dueDate';

/** Attributes grouped by their category, in the order the server gives (category, then name). */
function byCategory(attributes: RequestOptions['attributes']) {
  const groups = new Map<number, { name: string; color: string; items: RequestOptions['attributes'] }>();
  for (const a of attributes) {
    const group = groups.get(a.categoryId) ?? { name: a.categoryName, color: a.color, items: [] };
    group.items.push(a);
    groups.set(a.categoryId, group);
  }
  return [...groups.values()];
}

export type AskFeedbackDialogProps = {
  onClose: () => void;
  /** Preselects whom the feedback is about (needs ask-feedback-recipient for someone else). */
  subjectId?: number;
};

export function AskFeedbackDialog({ onClose, subjectId: initialSubject }: AskFeedbackDialogProps) {
  const styles = useStyles();
  const { t } = useTranslation(['feedbackRequests', 'common', 'errors']);
  const format = useFormat();
  const me = useMe();
  const myId = me?.employee.id ?? 0;
  const today = localDate(new Date(), me?.tenant.settings.tenant_timezone ?? 'UTC');
  const options = useRequestOptions();
  const ask = useAskFeedback();
  const fields = useFieldMessages<Field>();
  const [subjectId, setSubjectId] = useState<number>(initialSubject ?? myId);
  const [mode, setMode] = useState<'employees' | 'team'>('employees');
  const [employeeIds, setEmployeeIds] = useState<number[]>([]);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [attributeIds, setAttributeIds] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  const data = options.data;
  const aboutSelf = subjectId === myId;
  const employees = (data?.employees ?? []).filter((e) => e.id !== subjectId);
  const subject = data?.employees.find((e) => e.id === subjectId);
  const draft = {
    subjectId,
    attributeIds,
    teamId: mode === 'team' ? teamId : null,
    employeeIds: mode === 'employees' ? employeeIds : [],
    dueDate: dueDate || null,
  };
  const rules: Partial<Record<Field, string>> = {};
  for (const issue of checkRequestDraft(draft, myId, today)) rules[issue.field as Field] ??= issue.message;
  if (message.trim() === '') rules.message = t('askDialog.messageRequired');
  const team = data?.teams.find((candidate) => candidate.id === teamId);
  const teamAsked = team ? team.memberIds.filter((id) => id !== myId && id !== subjectId).length : 0;
  if (mode === 'team' && team && teamAsked === 0) rules.teamId = t('askDialog.teamEmpty');
  const expiryDays = data?.expiryDays ?? me?.tenant.settings.feedbackRequestExpiryDays ?? 30;

  const changed = (key: Field) => {
    fields.edited(key);
    setServerError(null);
  };

  const submit = () => {
    fields.submitted();
    setServerError(null);
    if (!data || Object.values(rules).some(Boolean)) return;
    ask.mutate(
      {
        ...(aboutSelf ? {} : { subjectId }),
        attributeIds,
        ...(mode === 'team' ? { teamId: teamId! } : { employeeIds }),
        message: message.trim(),
        ...(dueDate ? { dueDate } : {}),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const failure = formFailure(error, { fallback: t('errors:FEEDBACK_REQUEST_FAILED') });
          fields.setServerErrors(failure.fields);
          setServerError(failure.banner);
        },
      },
    );
  };

  const employeeLabel = (ids: number[]) =>
    ids.map((id) => data?.employees.find((e) => e.id === id)?.name ?? '').join(', ');
  const attributeLabel = attributeIds.map((id) => data?.attributes.find((a) => a.id === id)?.name ?? '').join(', ');

  return (
    <FormDialog
      title={t('askDialog.title')}
      description={aboutSelf ? t('askDialog.aboutYou') : t('askDialog.aboutSomeone', { name: subject?.name ?? '' })}
      size="wide"
      error={serverError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('askDialog.send')}
      pending={ask.isPending}
    >
      <QueryState query={options} size="tiny" label={t('askDialog.loading')} />
      {data?.canChooseSubject ? (
        <Field label={t('askDialog.subject')} hint={t('askDialog.subjectHint')} {...fields.field('subjectId', rules)}>
          <Dropdown
            value={aboutSelf ? t('askDialog.myself') : (subject?.name ?? '')}
            selectedOptions={[String(subjectId)]}
            onOptionSelect={(_, d) => {
              const id = Number(d.optionValue);
              setSubjectId(id);
              setEmployeeIds((ids) => ids.filter((e) => e !== id));
              changed('subjectId');
            }}
          >
            <Option value={String(myId)} text={t('askDialog.myself')}>
              {t('askDialog.myself')}
            </Option>
            {data.employees.map((e) => (
              <Option key={e.id} value={String(e.id)} text={e.name}>
                {e.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : null}
      <Field label={t('askDialog.whom')}>
        <RadioGroup
          layout="horizontal"
          value={mode}
          onChange={(_, d) => {
            setMode(d.value as 'employees' | 'team');
            changed('employeeIds');
            changed('teamId');
          }}
        >
          <Radio value="employees" label={t('askDialog.whomEmployees', { max: REQUEST_MAX_EMPLOYEES })} />
          <Radio value="team" label={t('askDialog.whomTeam')} />
        </RadioGroup>
      </Field>
      {mode === 'employees' ? (
        <Field
          label={t('askDialog.employees')}
          required
          hint={t('askDialog.employeesHint', { count: employeeIds.length, max: REQUEST_MAX_EMPLOYEES })}
          {...fields.field('employeeIds', rules)}
        >
          <Dropdown
            multiselect
            placeholder={t('askDialog.chooseEmployees')}
            value={employeeLabel(employeeIds)}
            selectedOptions={employeeIds.map(String)}
            onBlur={fields.touch('employeeIds')}
            onOptionSelect={(_, d) => {
              setEmployeeIds(d.selectedOptions.map(Number).slice(0, REQUEST_MAX_EMPLOYEES));
              changed('employeeIds');
            }}
          >
            {employees.map((e) => (
              <Option
                key={e.id}
                value={String(e.id)}
                text={e.name}
                disabled={employeeIds.length >= REQUEST_MAX_EMPLOYEES && !employeeIds.includes(e.id)}
              >
                {e.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : (
        <Field
          label={t('askDialog.team')}
          required
          hint={team ? t('askDialog.teamHint', { count: teamAsked }) : undefined}
          {...fields.field('teamId', rules)}
        >
          <Dropdown
            placeholder={data && data.teams.length === 0 ? t('askDialog.noTeams') : t('askDialog.chooseTeam')}
            value={team?.name ?? ''}
            selectedOptions={teamId ? [String(teamId)] : []}
            onBlur={fields.touch('teamId')}
            onOptionSelect={(_, d) => {
              setTeamId(Number(d.optionValue));
              changed('teamId');
            }}
          >
            {(data?.teams ?? []).map((candidate) => (
              <Option key={candidate.id} value={String(candidate.id)} text={candidate.name}>
                {candidate.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <Field
        label={t('askDialog.attributes')}
        required
        hint={t('askDialog.attributesHint', { count: attributeIds.length, max: REQUEST_MAX_ATTRIBUTES })}
        {...fields.field('attributeIds', rules)}
      >
        <Dropdown
          multiselect
          placeholder={
            data && data.attributes.length === 0 ? t('askDialog.noAttributes') : t('askDialog.chooseAttributes')
          }
          value={attributeLabel}
          selectedOptions={attributeIds.map(String)}
          onBlur={fields.touch('attributeIds')}
          onOptionSelect={(_, d) => {
            setAttributeIds(d.selectedOptions.map(Number).slice(0, REQUEST_MAX_ATTRIBUTES));
            changed('attributeIds');
          }}
        >
          {byCategory(data?.attributes ?? []).map((group) => (
            <OptionGroup
              key={group.name}
              label={
                <span>
                  <span className={styles.swatch} style={{ backgroundColor: group.color }} aria-hidden="true" />
                  {group.name}
                </span>
              }
            >
              {group.items.map((a) => (
                <Option
                  key={a.id}
                  value={String(a.id)}
                  text={a.name}
                  disabled={attributeIds.length >= REQUEST_MAX_ATTRIBUTES && !attributeIds.includes(a.id)}
                >
                  {a.name}
                </Option>
              ))}
            </OptionGroup>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('askDialog.message')} required {...fields.field('message', rules)}>
        <Textarea
          value={message}
          maxLength={REQUEST_MESSAGE_MAX}
          resize="vertical"
          placeholder={t('askDialog.messagePlaceholder')}
          onBlur={fields.touch('message')}
          onChange={(_, d) => {
            setMessage(d.value);
            changed('message');
          }}
        />
      </Field>
      <div className={styles.row}>
        <Field label={t('askDialog.dueDate')} hint={t('askDialog.dueDateHint')} {...fields.field('dueDate', rules)}>
          <Input
            type="date"
            min={today}
            value={dueDate}
            onBlur={fields.touch('dueDate')}
            onChange={(_, d) => {
              setDueDate(d.value);
              changed('dueDate');
            }}
          />
        </Field>
        <Text className={styles.muted} aria-live="polite">
          {t('askDialog.expiry', {
            count: expiryDays,
            date: format.day(addDays(today, expiryDays)),
          })}
        </Text>
      </div>
    </FormDialog>
  );
}

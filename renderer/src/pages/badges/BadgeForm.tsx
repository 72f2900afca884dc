/**
 * The badges area's forms: give a badge (a badge one may give, a colleague, a comment), ask for one for a
 * contribution (a badge, the kind of contribution, a description) or recommend a colleague (a badge, the
 * colleague, a reason). Each field is required and checked with the shared rules (shared/badges.ts) as
 * the user types; the server checks them again and its field messages show under the fields. A sent form
 * starts over empty.
 */
import { Button, Dropdown, Field, Option, Text, tokens } from '@fluentui/react-components';
import { GiftRegular, SendRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import {
  checkContribution,
  checkGiveBadge,
  checkRecommendation,
  CONTRIBUTION_TYPES,
  type BadgeIssue,
  type BadgeRequestType,
} from '../../../../shared/badges';
import type { BadgeOptions } from '../../../../shared/contracts/badges';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests';
import { useCreateContribution, useCreateRecommendation, useGiveBadge } from '../../api/hooks/badges';
import { useMe } from '../../api/hooks/me';
import { formFailure, useFieldMessages } from '../../components/form-fields';
import { MessageField } from '../../components/MessageField';
import { useTranslation } from '../../i18n';
import { BadgePicker, ColleaguePicker } from './parts';
import { useBadgesStyles as useStyles } from './styles';

export type BadgeFormKind = 'give' | BadgeRequestType;

/** The free text's field: the giver's comment, the contribution's description, the recommendation's reason. */
const TEXT_FIELD = { give: 'comment', contribution: 'description', recommendation: 'reason' } as const;

const byField = (issues: readonly BadgeIssue[]): Partial<Record<string, string>> =>
  Object.fromEntries(issues.map((i) => [i.field, i.message]));

export function BadgeForm({
  kind,
  options,
  title,
  submitLabel,
}: {
  kind: BadgeFormKind;
  options: BadgeOptions;
  /** The form's accessible name. */
  title: string;
  submitLabel: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const me = useMe();
  const give = useGiveBadge();
  const contribute = useCreateContribution();
  const recommend = useCreateRecommendation();
  const messages = useFieldMessages<
    'badgeId' | 'employeeId' | 'contributionType' | (typeof TEXT_FIELD)[BadgeFormKind]
  >();
  const [badgeId, setBadgeId] = useState<number | null>(null);
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [contributionType, setContributionType] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  // A new key empties the colleague picker's typed text after a send.
  const [key, setKey] = useState(0);
  const textField = TEXT_FIELD[kind];
  const self = me?.employee.id ?? 0;
  const employeeId = person?.id ?? null;
  const limit = options.characterLimit;
  const rules = byField(
    kind === 'give'
      ? checkGiveBadge({ badgeId, employeeId, comment: text }, self, limit)
      : kind === 'contribution'
        ? checkContribution({ badgeId, contributionType, description: text }, limit)
        : checkRecommendation({ badgeId, employeeId, reason: text }, self, limit),
  );
  const pending = give.isPending || contribute.isPending || recommend.isPending;
  const done = {
    onSuccess: () => {
      setBadgeId(null);
      setPerson(null);
      setContributionType(null);
      setText('');
      messages.reset();
      setKey((k) => k + 1);
    },
    onError: (error: unknown) => {
      const failure = formFailure(error, { fallback: t('give.failed') });
      messages.setServerErrors(failure.fields);
      setFormError(failure.banner);
    },
  };
  const submit = () => {
    messages.submitted();
    if (Object.keys(rules).length > 0) return;
    setFormError(null);
    const trimmed = text.trim();
    if (kind === 'give') give.mutate({ badgeId, employeeId: person!.id, comment: trimmed }, done);
    else if (kind === 'contribution') contribute.mutate({ badgeId, contributionType, description: trimmed }, done);
    else recommend.mutate({ badgeId, employeeId: person!.id, reason: trimmed }, done);
  };
  return (
    <form
      className={styles.form}
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {formError ? (
        <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
          {formError}
        </Text>
      ) : null}
      <Field label={t('form.badge')} required {...messages.field('badgeId', rules)}>
        <BadgePicker
          badges={kind === 'give' ? options.badges.filter((b) => b.canGive) : options.badges}
          value={badgeId}
          onChange={(id) => {
            setBadgeId(id);
            messages.edited('badgeId');
          }}
          onBlur={messages.touch('badgeId')}
        />
      </Field>
      {kind === 'contribution' ? (
        <Field label={t('form.contributionType')} required {...messages.field('contributionType', rules)}>
          <Dropdown
            placeholder={t('form.chooseType')}
            value={
              contributionType ? t(`contributionTypes.${contributionType as (typeof CONTRIBUTION_TYPES)[number]}`) : ''
            }
            selectedOptions={contributionType ? [contributionType] : []}
            onOptionSelect={(_, d) => {
              setContributionType(d.optionValue ?? null);
              messages.edited('contributionType');
            }}
            onBlur={messages.touch('contributionType')}
          >
            {CONTRIBUTION_TYPES.map((c) => (
              <Option key={c} value={c}>
                {t(`contributionTypes.${c}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      ) : (
        <Field label={t('form.colleague')} required {...messages.field('employeeId', rules)}>
          <ColleaguePicker
            key={key}
            value={person}
            onChange={(p) => {
              setPerson(p);
              messages.edited('employeeId');
            }}
            onBlur={messages.touch('employeeId')}
          />
        </Field>
      )}
      <MessageField
        messages={messages}
        field={textField}
        rules={rules}
        label={t(`form.${textField}`)}
        required
        hint={t('form.characters', { count: text.trim().length, max: limit })}
        multiline
        value={text}
        onChange={setText}
      />
      <Button
        className={styles.submit}
        appearance="primary"
        type="submit"
        icon={kind === 'give' ? <GiftRegular /> : <SendRegular />}
        disabled={pending}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

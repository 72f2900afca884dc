/**
 * Pieces the badges pages share: the tabs between them, the badge options' loading, the badge and colleague
 * pickers, a request's card with the approver's status actions (optimistic, confirmed when final), and the
 * request filters.
 */
import {
  Badge as Chip,
  Button,
  Card,
  Combobox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Tab,
  TabList,
  Text,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BADGE_REQUEST_STATUSES, type BadgeRequestStatus, type BadgeRequestType } from '../../../../shared/badges';
import type { BadgeOption, BadgeOptions, BadgeRequest } from '../../../../shared/contracts/badges';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests';
import { useBadgeColleagues, useBadgeOptions, useSetRequestStatus, type RequestFilters } from '../../api/hooks/badges';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { BadgeImage } from './BadgeImage';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  filter: { minWidth: '180px' },
});

const TABS = ['/badges', '/my-badges', '/contributions', '/recommendations'] as const;

/** The badges area's tabs; each is its own route. */
export function BadgesTabs() {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <TabList
      className={styles.tabs}
      selectedValue={location.pathname}
      onTabSelect={(_, d) => navigate(String(d.value))}
      aria-label={t('tabs.label')}
    >
      {TABS.map((path) => (
        <Tab key={path} value={path}>
          {t(`tabs.${path.slice(1) as 'badges' | 'my-badges' | 'contributions' | 'recommendations'}`)}
        </Tab>
      ))}
    </TabList>
  );
}

/** The forms' options (the badges offered, what the caller may do, the character limit), once loaded. */
export function OptionsState({ children }: { children: (options: BadgeOptions) => ReactNode }) {
  const { t } = useTranslation('badges');
  const options = useBadgeOptions();
  return (
    <QueryState query={options} skeleton label={t('form.loading')}>
      {children}
    </QueryState>
  );
}

export function BadgePicker({
  badges,
  value,
  onChange,
  onBlur,
}: {
  badges: readonly BadgeOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const chosen = badges.find((b) => b.id === value);
  return (
    <Dropdown
      placeholder={t('form.chooseBadge')}
      value={chosen?.name ?? ''}
      selectedOptions={value ? [String(value)] : []}
      onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : null)}
      onBlur={onBlur}
    >
      {badges.map((b) => (
        <Option key={b.id} value={String(b.id)} text={b.name}>
          <span className={styles.option}>
            <BadgeImage image={b.image} name={b.name} size={24} />
            {b.name}
            <Text size={200} className={styles.muted}>
              {b.categoryName}
            </Text>
          </span>
        </Option>
      ))}
    </Dropdown>
  );
}

/** Active colleagues but oneself, searched by name as one types. */
export function ColleaguePicker({
  value,
  onChange,
  onBlur,
}: {
  value: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  onBlur?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const colleagues = useBadgeColleagues(text === value?.name ? '' : text, true);
  return (
    <Combobox
      placeholder={t('form.chooseColleague')}
      value={text}
      selectedOptions={value ? [String(value.id)] : []}
      freeform
      open={open}
      onOpenChange={(_, d) => setOpen(d.open)}
      onChange={(e) => {
        setText(e.target.value);
        setOpen(true);
        if (value) onChange(null);
      }}
      onOptionSelect={(_, d) => {
        const person = colleagues.data?.find((p) => String(p.id) === d.optionValue) ?? null;
        onChange(person);
        setText(person?.name ?? '');
      }}
      onBlur={onBlur}
    >
      {(colleagues.data ?? []).map((p) => (
        <Option key={p.id} value={String(p.id)} text={p.name}>
          <span className={styles.option}>
            <EmployeeAvatar employee={p} size={20} />
            {p.name}
          </span>
        </Option>
      ))}
      {colleagues.data?.length === 0 ? <Option disabled>{t('form.noColleague')}</Option> : null}
    </Combobox>
  );
}

const STATUS_COLOR: Record<BadgeRequestStatus, BadgeProps['color']> = {
  pending: 'warning',
  under_review: 'informative',
  approved: 'success',
  rejected: 'danger',
};

export function RequestStatus({ status }: { status: BadgeRequestStatus }) {
  const { t } = useTranslation('badges');
  return (
    <Chip appearance="tint" color={STATUS_COLOR[status]} data-testid="badge-request-status">
      {t(`status.${status}`)}
    </Chip>
  );
}

/** A request as a card; approvers who may decide it see Review, Approve and Reject (the last two confirmed). */
export function RequestCard({ request, showRequester }: { request: BadgeRequest; showRequester: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const format = useFormat();
  const setStatus = useSetRequestStatus();
  const [confirming, setConfirming] = useState<'approved' | 'rejected' | null>(null);
  const forSelf = request.employee.id === request.requestedBy.id;
  return (
    <Card className={styles.card} data-testid={`badge-request-${request.id}`}>
      <div className={styles.head}>
        <BadgeImage image={request.badge.image} name={request.badge.name} size={40} />
        <div className={styles.who}>
          <Text weight="semibold">
            {request.type === 'contribution'
              ? t('request.contributionTitle', { badge: request.badge.name, name: request.employee.name })
              : t('request.recommendationTitle', { badge: request.badge.name, name: request.employee.name })}
          </Text>
          <Text className={styles.muted} size={200}>
            {[
              request.contributionType ? t(`contributionTypes.${request.contributionType}`) : null,
              showRequester && !forSelf ? t('request.by', { name: request.requestedBy.name }) : null,
              format.relative(request.createdAt),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <RequestStatus status={request.status} />
        {request.canDecide ? (
          <div className={styles.actions}>
            {request.status === 'pending' ? (
              <Button
                disabled={setStatus.isPending}
                onClick={() => setStatus.mutate({ id: request.id, status: 'under_review' })}
              >
                {t('request.review')}
              </Button>
            ) : null}
            <Button appearance="primary" disabled={setStatus.isPending} onClick={() => setConfirming('approved')}>
              {t('request.approve')}
            </Button>
            <Button disabled={setStatus.isPending} onClick={() => setConfirming('rejected')}>
              {t('request.reject')}
            </Button>
          </div>
        ) : null}
      </div>
      <Text className={styles.text}>{request.description}</Text>
      {request.decidedBy && request.decidedAt ? (
        <Text size={200} className={styles.muted}>
          {t('request.decided', { name: request.decidedBy.name, date: format.instant(request.decidedAt) })}
        </Text>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        danger={confirming === 'rejected'}
        title={
          confirming === 'approved'
            ? t('request.approveTitle', { badge: request.badge.name, name: request.employee.name })
            : t('request.rejectTitle', { badge: request.badge.name, name: request.employee.name })
        }
        confirmLabel={confirming === 'approved' ? t('request.approve') : t('request.reject')}
        onConfirm={async () => {
          // Optimistic: the dialog closes and the list shows the new status while the server decides.
          if (confirming) setStatus.mutate({ id: request.id, status: confirming });
        }}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'approved' ? t('request.approveBody') : t('request.rejectBody')}
      </ConfirmDialog>
    </Card>
  );
}

/** Filters of a request list: badge, status, type (when both are listed), and the dates made. */
export function RequestFiltersBar({
  badges,
  filters,
  onChange,
  withType,
}: {
  badges: readonly BadgeOption[];
  filters: RequestFilters;
  onChange: (filters: RequestFilters) => void;
  withType: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation('badges');
  const badge = badges.find((b) => b.id === filters.badgeId);
  return (
    <div className={styles.filters}>
      <Field label={t('filters.badge')} className={styles.filter}>
        <Dropdown
          value={badge?.name ?? t('filters.any')}
          selectedOptions={[filters.badgeId ? String(filters.badgeId) : '']}
          onOptionSelect={(_, d) =>
            onChange({ ...filters, badgeId: d.optionValue ? Number(d.optionValue) : undefined })
          }
        >
          <Option value="">{t('filters.any')}</Option>
          {badges.map((b) => (
            <Option key={b.id} value={String(b.id)}>
              {b.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('filters.status')} className={styles.filter}>
        <Dropdown
          value={filters.status ? t(`status.${filters.status}`) : t('filters.any')}
          selectedOptions={[filters.status ?? '']}
          onOptionSelect={(_, d) =>
            onChange({ ...filters, status: (d.optionValue || undefined) as BadgeRequestStatus | undefined })
          }
        >
          <Option value="">{t('filters.any')}</Option>
          {BADGE_REQUEST_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {t(`status.${s}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {withType ? (
        <Field label={t('filters.type')} className={styles.filter}>
          <Dropdown
            value={filters.type ? t(`types.${filters.type}`) : t('filters.any')}
            selectedOptions={[filters.type ?? '']}
            onOptionSelect={(_, d) =>
              onChange({ ...filters, type: (d.optionValue || undefined) as BadgeRequestType | undefined })
            }
          >
            <Option value="">{t('filters.any')}</Option>
            <Option value="contribution">{t('types.contribution')}</Option>
            <Option value="recommendation">{t('types.recommendation')}</Option>
          </Dropdown>
        </Field>
      ) : null}
      <Field label={t('filters.from')} className={styles.filter}>
        <Input
          type="date"
          value={filters.startDate ?? ''}
          onChange={(_, d) => onChange({ ...filters, startDate: d.value || undefined })}
        />
      </Field>
      <Field label={t('filters.to')} className={styles.filter}>
        <Input
          type="date"
          value={filters.endDate ?? ''}
          onChange={(_, d) => onChange({ ...filters, endDate: d.value || undefined })}
        />
      </Field>
    </div>
  );
}

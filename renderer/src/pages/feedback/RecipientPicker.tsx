/**
 * The people a feedback goes to: a tag picker searching active colleagues by name or whole e-mail (typed, with
 * the keyboard: arrows, Enter, Backspace removes the last), showing each with their picture and teams.
 */
import {
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  Tag,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useColleagues } from '../../api/hooks/feedback';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  none: { display: 'block', padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

export type Recipient = { id: number; name: string; image: string | null };

export function RecipientPicker({
  value,
  onChange,
  selfId,
}: {
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  selfId: number;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['feedback', 'common']);
  const [search, setSearch] = useState('');
  const colleagues = useColleagues(search.trim());
  const chosen = new Set(value.map((r) => String(r.id)));
  const offered = (colleagues.data ?? []).filter((c) => c.id !== selfId && !chosen.has(String(c.id)));
  return (
    <TagPicker
      selectedOptions={[...chosen]}
      onOptionSelect={(_, data) => {
        const ids = new Set(data.selectedOptions);
        const kept = value.filter((r) => ids.has(String(r.id)));
        const added = (colleagues.data ?? []).filter((c) => ids.has(String(c.id)) && !chosen.has(String(c.id)));
        onChange([...kept, ...added.map(({ id, name, image }) => ({ id, name, image }))]);
        setSearch('');
      }}
    >
      <TagPickerControl>
        <TagPickerGroup aria-label={t('give.toChosen')}>
          {value.map((r) => (
            <Tag key={r.id} value={String(r.id)} media={<EmployeeAvatar employee={r} size={20} />} shape="rounded">
              {r.name}
            </Tag>
          ))}
        </TagPickerGroup>
        <TagPickerInput
          aria-label={t('give.to')}
          placeholder={value.length === 0 ? t('give.toPlaceholder') : undefined}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </TagPickerControl>
      <TagPickerList>
        {offered.length === 0 ? (
          <Text role="status" className={styles.none}>
            {colleagues.isFetching ? t('common:states.loading') : t('give.noColleagues')}
          </Text>
        ) : (
          offered.map((c) => (
            <TagPickerOption
              key={c.id}
              value={String(c.id)}
              text={c.name}
              media={<EmployeeAvatar employee={c} size={28} />}
              secondaryContent={c.teams.join(', ') || undefined}
            >
              {c.name}
            </TagPickerOption>
          ))
        )}
      </TagPickerList>
    </TagPicker>
  );
}

/**
 * Synonyms edited as tags: type a word and press Enter or a comma to add it; each tag's button (or
 * Backspace in the empty box) removes one. Repeats in any case are not added (shared/feedback-catalogue.ts).
 */
import { Input, makeStyles, Tag, TagGroup, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { normalizeSynonyms, SYNONYM_MAX, SYNONYMS_MAX } from '../../../../shared/feedback-catalogue';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export function SynonymsInput({
  value,
  onChange,
  id,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  id?: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const [draft, setDraft] = useState('');
  const full = value.length >= SYNONYMS_MAX;

  const add = () => {
    const words = draft.split(',');
    const next = normalizeSynonyms([...value, ...words]).slice(0, SYNONYMS_MAX);
    onChange(next);
    setDraft('');
  };

  return (
    <div className={styles.root}>
      {value.length > 0 ? (
        <TagGroup
          className={styles.tags}
          aria-label={t('synonyms.listLabel')}
          onDismiss={(_, d) => onChange(value.filter((v) => v !== d.value))}
        >
          {value.map((word) => (
            <Tag
              key={word}
              value={word}
              size="small"
              shape="circular"
              dismissible
              dismissIcon={{ 'aria-label': t('synonyms.remove', { word }) }}
            >
              {word}
            </Tag>
          ))}
        </TagGroup>
      ) : null}
      <Input
        id={id}
        value={draft}
        maxLength={SYNONYM_MAX}
        disabled={full}
        placeholder={full ? t('synonyms.full', { max: SYNONYMS_MAX }) : t('synonyms.placeholder')}
        onChange={(_, d) => {
          if (d.value.includes(',')) {
            setDraft(d.value);
            const words = d.value.split(',');
            onChange(normalizeSynonyms([...value, ...words.slice(0, -1)]).slice(0, SYNONYMS_MAX));
            setDraft(words.at(-1) ?? '');
          } else setDraft(d.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Enter adds the word instead of submitting the dialog, unless the box is empty.
            if (draft.trim()) {
              e.preventDefault();
              add();
            }
          } else if (e.key === 'Backspace' && draft === '' && value.length > 0) onChange(value.slice(0, -1));
        }}
        onBlur={() => {
          if (draft.trim()) add();
        }}
      />
    </div>
  );
}

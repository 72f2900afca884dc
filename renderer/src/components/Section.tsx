/** A titled card of a page (devices, settings): a heading, a line about it, its actions, and its content. */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    marginBottom: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, maxWidth: '720px' },
  description: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

export function Section(props: { title: string; description?: string; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div className={styles.text}>
          <Text as="h2" id={headingId} size={500} weight="semibold">
            {props.title}
          </Text>
          {props.description ? <Text className={styles.description}>{props.description}</Text> : null}
        </div>
        {props.actions ? <div className={styles.actions}>{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

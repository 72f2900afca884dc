/**
 * A tracker issue's id (WEB-12) as the link to it in the tracker, opening in a new tab without giving the
 * opened page a handle on ours (rel="noopener noreferrer"). The address comes from the tracker's data: only
 * an http: or https: one is a link, anything else (javascript:, data:, a broken address) shows the id as
 * plain text.
 */
import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  issue: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
});

/** Whether an address may be opened as a link: an absolute http: or https: one. */
export function isWebAddress(href: string): boolean {
  try {
    const { protocol } = new URL(href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function IssueLink({ issueId, href }: { issueId: string; href: string }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  if (!isWebAddress(href)) return <span>{issueId}</span>;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.issue}
      aria-label={t('openInTracker', { issue: issueId })}
    >
      {issueId}
      <OpenRegular aria-hidden="true" />
    </Link>
  );
}

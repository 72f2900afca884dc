import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useId } from 'react';

/** The product's name, the same in every language. */
const BRAND_NAME = 'Teambeat';

const useStyles = makeStyles({
  lockup: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  word: { letterSpacing: '-0.02em', color: tokens.colorNeutralForeground1 },
  onBrand: { color: '#fff' },
});

/**
 * The Teambeat mark: a pulse line on the brand gradient. The gradient's id is the instance's own: with a
 * shared id, a page showing two marks (the sign-in page's story panel, hidden under 960 px, and its form's)
 * painted both from the first, and a hidden gradient paints nothing.
 */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  const gradient = `tb-mark-${useId()}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7d6ff8" />
          <stop offset="1" stopColor="#4132c9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradient})`} />
      <path
        d="M10 34h10l5-12 8 22 6-16 4 6h11"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLockup({
  size = 28,
  className,
  onBrand = false,
}: {
  size?: number;
  className?: string;
  /** On the brand gradient the word mark is white in both themes. */
  onBrand?: boolean;
}) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.lockup, className)}>
      <BrandMark size={size} />
      <Text weight="bold" size={size > 30 ? 600 : 500} className={mergeClasses(styles.word, onBrand && styles.onBrand)}>
        {BRAND_NAME}
      </Text>
    </span>
  );
}

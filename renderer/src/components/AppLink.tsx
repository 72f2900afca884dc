import { Link } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

/** A Fluent link that navigates inside the app; modified clicks still open a new tab. */
export function AppLink({
  to,
  state,
  label,
  children,
}: {
  to: string;
  state?: unknown;
  /** An accessible name other than the link's text. */
  label?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Link
      href={href}
      aria-label={label}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to, { state });
      }}
    >
      {children}
    </Link>
  );
}

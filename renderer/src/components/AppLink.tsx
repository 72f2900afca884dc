import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

/**
 * A click the app handles itself: the primary button with no modifier. Ctrl/Cmd/Shift-clicks (and the
 * middle button, which fires no click) are left to the browser, so "open in a new tab" works on links.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

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
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(to, { state });
      }}
    >
      {children}
    </Link>
  );
}

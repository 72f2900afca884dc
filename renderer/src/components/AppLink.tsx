import { Link } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

/** A Fluent link that navigates inside the app; modified clicks still open a new tab. */
export function AppLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Link
      href={href}
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

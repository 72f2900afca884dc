/**
 * Unsaved changes: a page form that holds edits not yet saved says so with `useUnsavedChanges(dirty)`, and
 * leaving it asks first. Three ways out are covered: a move inside the app (a link, the sidebar, Back; the data
 * router's blocker), a switch of PanelTabs tab (the tab's panel would unmount with its edits; `useLeaveGuard`),
 * and closing or reloading the window (the browser's own beforeunload prompt, whose text browsers fix).
 * Saving or undoing the edits (dirty false) lets the user go without a question. docs/architecture.md "Unsaved changes".
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker } from 'react-router-dom';

// The question's dialog is Fluent's, which the first screen does without (issue #18): its own chunk, fetched when
// the question is first asked, or ahead by the signed-in frame (`preloadUnsavedDialog`).
const loadDialog = () => import('./UnsavedDialog');
const UnsavedDialog = lazy(loadDialog);

/** Fetches the question's dialog without showing it (the signed-in frame, so the question is not delayed). */
export function preloadUnsavedDialog(): void {
  void loadDialog();
}

type Guard = {
  /** Marks the form `id` as holding unsaved edits or not. */
  mark: (id: string, dirty: boolean) => void;
  /** Resolves true when nothing is unsaved or the user chose to leave (then the edits are given up). */
  confirmLeave: () => Promise<boolean>;
};

// Outside the provider (component tests): nothing is guarded.
const GuardContext = createContext<Guard>({ mark: () => {}, confirmLeave: () => Promise.resolve(true) });

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<((leave: boolean) => void) | null>(null);
  const anyDirty = dirty.size > 0;

  const mark = useCallback((id: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(id) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  // A move to another page (a query string change on the same page keeps the form, so it passes).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const confirmLeave = useCallback(
    () => (anyDirty ? new Promise<boolean>((resolve) => setAsking(() => resolve)) : Promise.resolve(true)),
    [anyDirty],
  );

  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (Electron) still asks for returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  // Stay (Escape, the button) or leave: the blocked move goes on or is dropped, the asked switch is told.
  const answer = (leave: boolean) => {
    if (leave) setDirty(new Set());
    if (blocker.state === 'blocked') {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    asking?.(leave);
    setAsking(null);
  };

  // Mounted from the first question on, then opened and closed as before (its closing motion, the focus given back).
  const open = blocker.state === 'blocked' || asking !== null;
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);

  const guard = useMemo(() => ({ mark, confirmLeave }), [mark, confirmLeave]);
  return (
    <GuardContext.Provider value={guard}>
      {children}
      {asked ? (
        <Suspense fallback={null}>
          <UnsavedDialog open={open} onAnswer={answer} />
        </Suspense>
      ) : null}
    </GuardContext.Provider>
  );
}

/** Says whether this form holds unsaved edits; leaving the page or tab while it does asks first. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  const { mark } = useContext(GuardContext);
  useEffect(() => {
    mark(id, dirty);
  }, [mark, id, dirty]);
  // An unmounted form (saved and closed, or left after the question) holds nothing.
  useEffect(() => () => mark(id, false), [mark, id]);
}

/** Asks before an in-page switch (a tab) that would drop unsaved edits; resolves whether to go on. */
export function useLeaveGuard(): () => Promise<boolean> {
  return useContext(GuardContext).confirmLeave;
}

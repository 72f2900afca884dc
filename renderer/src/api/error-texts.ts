/**
 * What went wrong in this case (docs/i18n.md "Messages"): for the codes whose error details name the thing in the
 * way, a text built from those details in the interface's language ("These dates overlap your approved leave of
 * 07-Dec-2026 to 08-Dec-2026."), where the code's catalogue text alone would be general. The spec's catalogue
 * messages stay the titles; these are the bodies.
 *
 * Each domain's texts come with the hooks module whose calls can fail so (the leave ones: hooks/leave-failures.ts,
 * imported by hooks/leave.ts), which registers them here with its contract's schema of the details: the first
 * screen, which makes no such call, carries neither those contracts nor zod (issue #18).
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../../shared/messages';

type Reader = (details: unknown) => string | null;

const READERS = new Map<ErrorCode, Reader>();

/** Says `code`'s case from its details, when they fit `details` (the code's contract); else its catalogue text. */
export function explainFailure<S extends z.ZodType>(
  code: ErrorCode,
  details: S,
  text: (details: z.infer<S>) => string,
): void {
  READERS.set(code, (value) => {
    const parsed = details.safeParse(value);
    return parsed.success ? text(parsed.data) : null;
  });
}

/** The case's own text for `code` from its details, or null when the code has none or the details do not fit. */
export function specificText(code: ErrorCode, details: unknown): string | null {
  return READERS.get(code)?.(details) ?? null;
}

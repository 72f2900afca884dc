/** The driver's error code: better-sqlite3's `SQLITE_CONSTRAINT_…`, PostgreSQL's SQLSTATE. */
const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** Recognises a unique-constraint violation from either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Recognises a foreign-key violation from either engine: a row referred to went (or never was). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * The name of the unique index a violation broke, where the driver says: PostgreSQL's `constraint` field,
 * SQLite's message for an index on expressions ("UNIQUE constraint failed: index 'name'"). A table with two
 * unique rules needs it to name the right field when a concurrent write wins the race past the check.
 */
export function violatedIndex(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint;
  return typeof message === 'string' ? /index '([^']+)'/.exec(message)?.[1] : undefined;
}

/** Runs a write and turns the violation `matches` recognises into the caller's error. */
async function violationOr<T>(
  write: Promise<T>,
  matches: (error: unknown) => boolean,
  instead: (error: unknown) => Error,
) {
  try {
    return await write;
  } catch (error) {
    if (matches(error)) throw instead(error);
    throw error;
  }
}

/** Runs a write and turns a unique-constraint violation into the caller's error (a 409 naming the field). */
export const uniqueOr = <T>(write: Promise<T>, conflict: (error: unknown) => Error): Promise<T> =>
  violationOr(write, isUniqueViolation, conflict);

/** Runs a write and turns a foreign-key violation into the caller's error (the row it needs is gone). */
export const referenceOr = <T>(write: Promise<T>, gone: () => Error): Promise<T> =>
  violationOr(write, isForeignKeyViolation, gone);

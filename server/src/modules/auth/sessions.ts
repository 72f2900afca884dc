/**
 * Refresh-token sessions. A sign-in starts a family; each refresh rotates the token (the old one is
 * marked rotated, a new one is issued in the same family). Presenting a rotated token again means it
 * leaked: the whole family is revoked. Sign-out revokes the family.
 */
import type { ClientKind } from '../../../../shared/contracts/auth.js';
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { hashRefreshToken, newFamilyId, newRefreshToken } from '../../security/tokens.js';

export type IssuedSession = { accessToken: string; expiresIn: number; refreshToken: string; refreshExpiresAt: Date };

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

async function issue(
  deps: Deps,
  employee: { id: number; tenantId: number },
  familyId: string,
  client: ClientKind,
): Promise<IssuedSession> {
  const now = deps.now();
  const refreshToken = newRefreshToken();
  const refreshExpiresAt = addDays(now, deps.config.refreshTokenTtlDays);
  await deps.db
    .insertInto('refreshTokens')
    .values({
      tenantId: employee.tenantId,
      employeeId: employee.id,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      client,
      createdAt: now.toISOString(),
      expiresAt: refreshExpiresAt.toISOString(),
    })
    .execute();
  const access = await deps.tokens.issueAccessToken({ employeeId: employee.id, tenantId: employee.tenantId, familyId });
  return { accessToken: access.token, expiresIn: access.expiresIn, refreshToken, refreshExpiresAt };
}

export function startSession(deps: Deps, employee: { id: number; tenantId: number }, client: ClientKind) {
  return issue(deps, employee, newFamilyId(), client);
}

export async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.db
    .updateTable('refreshTokens')
    .set({ revokedAt: deps.now().toISOString() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function revokeAllForEmployee(deps: Deps, employeeId: number, exceptFamily?: string): Promise<void> {
  let query = deps.db
    .updateTable('refreshTokens')
    .set({ revokedAt: deps.now().toISOString() })
    .where('employeeId', '=', employeeId)
    .where('revokedAt', 'is', null);
  if (exceptFamily) query = query.where('familyId', '!=', exceptFamily);
  await query.execute();
}

export async function rotateSession(deps: Deps, presented: string, client: ClientKind): Promise<IssuedSession> {
  const now = deps.now();
  const row = await deps.db
    .selectFrom('refreshTokens')
    .innerJoin('employees', 'employees.id', 'refreshTokens.employeeId')
    .select([
      'refreshTokens.id',
      'refreshTokens.familyId',
      'refreshTokens.tenantId',
      'refreshTokens.employeeId',
      'refreshTokens.expiresAt',
      'refreshTokens.rotatedAt',
      'refreshTokens.revokedAt',
      'employees.status',
    ])
    .where('refreshTokens.tokenHash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (!row || row.revokedAt) throw errors.unauthenticated('SIGN_IN_FAILED');
  if (row.rotatedAt) {
    deps.log.warn({ familyId: row.familyId, employeeId: row.employeeId }, 'refresh token reused: family revoked');
    await revokeFamily(deps, row.familyId);
    throw errors.unauthenticated('SIGN_IN_FAILED');
  }
  if (new Date(row.expiresAt) <= now || row.status !== 'active') throw errors.unauthenticated('SIGN_IN_FAILED');
  // Conditional update: of two concurrent refreshes with the same token only one wins.
  const result = await deps.db
    .updateTable('refreshTokens')
    .set({ rotatedAt: now.toISOString() })
    .where('id', '=', row.id)
    .where('rotatedAt', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    await revokeFamily(deps, row.familyId);
    throw errors.unauthenticated('SIGN_IN_FAILED');
  }
  return issue(deps, { id: row.employeeId, tenantId: row.tenantId }, row.familyId, client);
}

export async function endSession(deps: Deps, presented: string): Promise<void> {
  const row = await deps.db
    .selectFrom('refreshTokens')
    .select('familyId')
    .where('tokenHash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (row) await revokeFamily(deps, row.familyId);
}

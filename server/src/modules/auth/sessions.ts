/**
 * Refresh-token sessions. A sign-in starts a family; each refresh rotates the token (the old one is
 * marked rotated, a new one is issued in the same family). Presenting a rotated token again means it
 * leaked: the whole family is revoked. Sign-out revokes the family. Each token is valid
 * REFRESH_TOKEN_TTL_DAYS, but never past the family's end, SESSION_MAX_DAYS after sign-in. A family is
 * alive while it has an unrevoked, unexpired token; access.ts refuses the access tokens of any other.
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
  family: { id: string; expiresAt: Date },
  client: ClientKind,
): Promise<IssuedSession> {
  const now = deps.now();
  const refreshToken = newRefreshToken();
  const sliding = addDays(now, deps.config.refreshTokenTtlDays);
  const refreshExpiresAt = sliding < family.expiresAt ? sliding : family.expiresAt;
  await deps.db
    .insertInto('refreshTokens')
    .values({
      tenantId: employee.tenantId,
      employeeId: employee.id,
      familyId: family.id,
      tokenHash: hashRefreshToken(refreshToken),
      client,
      createdAt: now.toISOString(),
      expiresAt: refreshExpiresAt.toISOString(),
      sessionExpiresAt: family.expiresAt.toISOString(),
    })
    .execute();
  const access = await deps.tokens.issueAccessToken({
    employeeId: employee.id,
    tenantId: employee.tenantId,
    familyId: family.id,
  });
  return { accessToken: access.token, expiresIn: access.expiresIn, refreshToken, refreshExpiresAt };
}

export function startSession(deps: Deps, employee: { id: number; tenantId: number }, client: ClientKind) {
  const expiresAt = addDays(deps.now(), deps.config.sessionMaxDays);
  return issue(deps, employee, { id: newFamilyId(), expiresAt }, client);
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
      'refreshTokens.sessionExpiresAt',
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
  const family = { id: row.familyId, expiresAt: new Date(row.sessionExpiresAt ?? row.expiresAt) };
  return issue(deps, { id: row.employeeId, tenantId: row.tenantId }, family, client);
}

export async function endSession(deps: Deps, presented: string): Promise<void> {
  const row = await deps.db
    .selectFrom('refreshTokens')
    .select('familyId')
    .where('tokenHash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (row) await revokeFamily(deps, row.familyId);
}

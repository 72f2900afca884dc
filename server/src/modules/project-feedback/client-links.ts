/**
 * Client feedback links (docs/projects.md, "Project and sprint feedback"; docs/security.md): a token of 32
 * random bytes (base64url) is the client's only credential. Only its SHA-256 is stored, so the table cannot
 * hand out working links; the token is e-mailed to the client and answered once to the product owner who made
 * it. The client's page reads and submits by token, without an account: the link is spent by the same
 * conditional update that checks it is pending, so two submits at once keep exactly one feedback.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ClientFeedbackRequest } from '../../../../shared/contracts/project-feedback.js';
import { CLIENT_FEEDBACK_PATH, clientLinkState } from '../../../../shared/project-feedback.js';
import { uniqueOr } from '../../db/errors.js';
import type { Deps } from '../../deps.js';
import { errors } from '../../http/errors.js';
import { emailTexts } from '../../mail/language.js';
import type { Ratings } from './repository.js';

/** A new link's token and the hash that is stored. */
export function newClientToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClientToken(token) };
}

export function hashClientToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The client's page for a token, on the server's public address (or the address the request came to). */
export function clientLinkUrl(deps: Deps, requestOrigin: string, token: string): string {
  return `${deps.config.publicUrl ?? requestOrigin}${CLIENT_FEEDBACK_PATH}/${token}`;
}

/** The link as the client reads it, whatever its state, or 404. */
async function findLink(deps: Deps, token: string) {
  const row = await deps.db
    .selectFrom('clientFeedbackLinks as l')
    .innerJoin('tenants as t', 't.id', 'l.tenantId')
    .innerJoin('projects as p', 'p.id', 'l.projectId')
    .innerJoin('projectSprints as s', 's.id', 'l.sprintId')
    .innerJoin('employees as c', 'c.id', 'l.clientId')
    .leftJoin('projectPbis as b', 'b.id', 'l.pbiId')
    .leftJoin('employees as by', 'by.id', 'l.createdBy')
    .leftJoin('projectMembers as pm', (join) =>
      join.onRef('pm.projectId', '=', 'l.projectId').onRef('pm.employeeId', '=', 'l.clientId'),
    )
    .select([
      'l.id',
      'l.tenantId',
      'l.projectId',
      'l.sprintId',
      'l.pbiId',
      'l.clientId',
      'l.expiresAt',
      'l.usedAt',
      'l.revokedAt',
      't.name as company',
      'p.name as project',
      's.name as sprint',
      'b.trackerRef as pbiRef',
      'b.name as pbiName',
      'c.name as client',
      'c.status as clientStatus',
      'by.name as requestedBy',
      'pm.employeeId as memberId',
    ])
    .where('l.tokenHash', '=', hashClientToken(token))
    .executeTakeFirst();
  if (!row) throw errors.notFound('clientLinkNotFound');
  return { ...row, clientGone: row.clientStatus !== 'active' || row.memberId === null };
}

/**
 * 410 with the reason a link no longer works. A pending link of a client who was deactivated or taken off the
 * project since counts as withdrawn (`clientGone`): it is answered like a revoked one.
 */
function refusal(row: { usedAt: string | null; revokedAt: string | null; expiresAt: string }, now: string) {
  const state = clientLinkState(row, now);
  if (state === 'used') return errors.coded(410, 'CLIENT_LINK_USED');
  if (state === 'expired') return errors.coded(410, 'CLIENT_LINK_EXPIRED');
  return errors.coded(410, 'CLIENT_LINK_REVOKED');
}

export async function clientFeedbackRequest(deps: Deps, token: string): Promise<ClientFeedbackRequest> {
  const row = await findLink(deps, token);
  const now = deps.now().toISOString();
  if (clientLinkState(row, now) !== 'pending') throw refusal(row, now);
  if (row.clientGone) throw errors.coded(410, 'CLIENT_LINK_REVOKED');
  return {
    company: row.company,
    project: row.project,
    sprint: row.sprint,
    pbi: row.pbiRef !== null && row.pbiName !== null ? { refId: row.pbiRef, name: row.pbiName } : null,
    client: row.client,
    requestedBy: row.requestedBy,
    expiresAt: row.expiresAt,
  };
}

/**
 * The client's ratings: the link is spent and the feedback stored in one transaction, or neither. `signedIn`
 * is the person whose live session the request carries, if any: the page needs none, but a session of anyone
 * but the link's client (a product owner trying the link they were shown) is refused, so a rating stored as
 * the client's is never knowingly given by someone else.
 */
export async function submitClientFeedback(
  deps: Deps,
  token: string,
  ratings: Ratings,
  signedIn: { employeeId: number; tenantId: number } | null,
): Promise<void> {
  const row = await findLink(deps, token);
  const now = deps.now().toISOString();
  if (row.clientGone && clientLinkState(row, now) === 'pending') throw errors.coded(410, 'CLIENT_LINK_REVOKED');
  if (signedIn && (signedIn.employeeId !== row.clientId || signedIn.tenantId !== row.tenantId))
    throw errors.coded(403, 'CLIENT_LINK_NOT_YOURS');
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('clientFeedbackLinks')
      .set({ usedAt: now })
      .where('id', '=', row.id)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      // Spent, withdrawn or expired, perhaps a moment ago by another submit: read why.
      const current = await trx
        .selectFrom('clientFeedbackLinks')
        .select(['usedAt', 'revokedAt', 'expiresAt'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      throw refusal(current, now);
    }
    await uniqueOr(
      trx
        .insertInto('projectFeedback')
        .values({
          tenantId: row.tenantId,
          projectId: row.projectId,
          sprintId: row.sprintId,
          pbiId: row.pbiId,
          source: 'client',
          giverId: row.clientId,
          linkId: row.id,
          overall: ratings.overall,
          quality: ratings.quality,
          valueForMoney: ratings.valueForMoney,
          comment: ratings.comment ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .execute(),
      // The client rated this sprint or PBI through another link: this one stays unspent (rolled back).
      () => errors.coded(409, 'CLIENT_FEEDBACK_GIVEN'),
    );
  });
}

/**
 * The person a request's access token belongs to while their session is live (signed in, active), or null:
 * the public client page reads it only to refuse someone else's session.
 */
export async function sessionOf(deps: Deps, accessToken: string | null) {
  if (!accessToken) return null;
  const claims = await deps.tokens.verifyAccessToken(accessToken);
  if (!claims) return null;
  const live = await deps.db
    .selectFrom('refreshTokens as r')
    .innerJoin('employees as e', 'e.id', 'r.employeeId')
    .select('r.id')
    .where('r.familyId', '=', claims.familyId)
    .where('r.employeeId', '=', claims.employeeId)
    .where('r.revokedAt', 'is', null)
    .where('r.expiresAt', '>', deps.now().toISOString())
    .where('e.status', '=', 'active')
    .executeTakeFirst();
  return live ? { employeeId: claims.employeeId, tenantId: claims.tenantId } : null;
}

/**
 * The link to the client's mailbox, in their language; the outbox withholds the token when SMTP sends it.
 * Answers whether the mail went (false: the mail server refused it, the product owner must pass the link on).
 */
export async function mailClientLink(
  deps: Deps,
  tenantId: number,
  link: {
    clientId: number;
    clientEmail: string;
    clientName: string;
    project: string;
    sprint: string;
    pbi: { refId: string; name: string } | null;
    requestedBy: string;
    url: string;
    token: string;
    expiresAt: string;
  },
): Promise<boolean> {
  const t = await emailTexts(deps.db, tenantId, link.clientId);
  return deps.mailer.send({
    tenantId,
    to: link.clientEmail,
    subject: t('clientFeedbackLink.subject', { project: link.project }),
    text: t('clientFeedbackLink.body', {
      name: link.clientName,
      requestedBy: link.requestedBy,
      project: link.project,
      target: link.pbi
        ? t('clientFeedbackLink.pbi', { refId: link.pbi.refId, name: link.pbi.name, sprint: link.sprint })
        : t('clientFeedbackLink.sprint', { sprint: link.sprint }),
      url: link.url,
      date: link.expiresAt.slice(0, 10),
    }),
    secret: { value: link.token, expiresAt: new Date(link.expiresAt) },
  });
}

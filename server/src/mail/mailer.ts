/**
 * Outgoing e-mail. Every message is written to the outbox table first; with SMTP_URL it is then sent
 * and marked sent, without SMTP it is also written to the server log so a local install still works.
 * A message may carry a secret (an e-mailed code): with SMTP the outbox keeps the message with the secret
 * withheld, since only the mailbox may see it; without SMTP the outbox is how a local install reads it,
 * so it is kept in clear until the secret expires. Every row expires (the secret's expiry, or
 * OUTBOX_KEEP_DAYS) and each send deletes the expired ones.
 *
 * A message the mail server refuses (SMTP down) keeps its error and is tried again after 1, 5, 30 and 120
 * minutes by `retryFailed` (the notifications job), never blocking the request that wrote it. A message with
 * a secret is not retried: its code was withheld from the outbox, and the person asks for a new one.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/engine.js';
import { redactCodes } from '../security/redact.js';

export type OutgoingEmail = {
  tenantId: number | null;
  to: string;
  subject: string;
  text: string;
  /** A code in the text that only the mailbox may read, and when it stops working. */
  secret?: { value: string; expiresAt: Date };
};

const OUTBOX_KEEP_DAYS = 30;
const WITHHELD = '[withheld: sent by e-mail only]';
export type Mailer = {
  /**
   * Writes the message and sends it; answers false when the mail server refused it (it is retried later),
   * true when it went, or, without SMTP, was written to the outbox and the log as such an install delivers.
   */
  send: (email: OutgoingEmail) => Promise<boolean>;
  /** Tries again the refused messages of a tenant that are due; answers how many went out. */
  retryFailed: (tenantId: number) => Promise<number>;
};

/** The waits before each retry of a refused message; after the last one it stays failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 120 * 60_000] as const;

export function createMailer(options: {
  db: Db;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  now: () => Date;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const now = options.now();
      await options.db.deleteFrom('outboxEmails').where('expiresAt', '<=', now.toISOString()).execute();
      const stored = transport && email.secret ? email.text.split(email.secret.value).join(WITHHELD) : email.text;
      const expiresAt =
        transport || !email.secret ? new Date(now.getTime() + OUTBOX_KEEP_DAYS * 86_400_000) : email.secret.expiresAt;
      const row = await options.db
        .insertInto('outboxEmails')
        .values({
          tenantId: email.tenantId,
          recipient: email.to,
          subject: email.subject,
          body: stored,
          createdAt: now.toISOString(),
          expiresAt: expiresAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        // The one-time codes stay out of the log: they are in the outbox_emails table for whoever runs it.
        options.log.info(
          { to: email.to, subject: email.subject, body: redactCodes(email.text), outboxId: row.id },
          'e-mail (no SMTP configured; codes are in the outbox_emails table)',
        );
        return true;
      }
      return attempt(row.id, { to: email.to, subject: email.subject, text: email.text }, 0, !email.secret);
    },

    async retryFailed(tenantId) {
      if (!transport) return 0;
      const now = options.now().toISOString();
      const due = await options.db
        .selectFrom('outboxEmails')
        .select(['id', 'recipient', 'subject', 'body', 'attempts', 'nextAttemptAt'])
        .where('tenantId', '=', tenantId)
        .where('nextAttemptAt', '<=', now)
        .where('sentAt', 'is', null)
        .orderBy('nextAttemptAt')
        .limit(100)
        .execute();
      let sent = 0;
      for (const row of due) {
        // Taken by one process only: the attempt clears the time it was due at.
        const taken = await options.db
          .updateTable('outboxEmails')
          .set({ nextAttemptAt: null })
          .where('id', '=', row.id)
          .where('nextAttemptAt', '=', row.nextAttemptAt)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue;
        if (await attempt(row.id, { to: row.recipient, subject: row.subject, text: row.body }, row.attempts, true))
          sent += 1;
      }
      return sent;
    },
  };

  /** One sending attempt; a refusal is recorded with its error and, when `retry`, the next attempt's time. */
  async function attempt(
    id: number,
    message: { to: string; subject: string; text: string },
    failedBefore: number,
    retry: boolean,
  ): Promise<boolean> {
    try {
      await transport!.sendMail({ from: options.from, ...message });
      await options.db
        .updateTable('outboxEmails')
        .set({ sentAt: options.now().toISOString(), error: null, nextAttemptAt: null })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (error) {
      const wait = retry ? RETRY_DELAYS_MS[failedBefore] : undefined;
      options.log.error(
        { err: error, to: message.to, outboxId: id, retryInMs: wait ?? null },
        'e-mail could not be sent',
      );
      await options.db
        .updateTable('outboxEmails')
        .set({
          error: error instanceof Error ? error.message : String(error),
          attempts: failedBefore + 1,
          nextAttemptAt: wait === undefined ? null : new Date(options.now().getTime() + wait).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      return false;
    }
  }
}

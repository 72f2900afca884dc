/**
 * Outgoing e-mail. Every message is written to the outbox table first; with SMTP_URL it is then sent
 * and marked sent, without SMTP it is also written to the server log so a local install still works.
 * A message may carry a secret (an e-mailed code): with SMTP the outbox keeps the message with the secret
 * withheld, since only the mailbox may see it; without SMTP the outbox is how a local install reads it,
 * so it is kept in clear until the secret expires. Every row expires (the secret's expiry, or
 * OUTBOX_KEEP_DAYS) and each send deletes the expired ones.
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
export type Mailer = { send: (email: OutgoingEmail) => Promise<void> };

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
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: email.to, subject: email.subject, text: email.text });
        await options.db
          .updateTable('outboxEmails')
          .set({ sentAt: options.now().toISOString() })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        // The message stays in the outbox with its error; the user can ask for a new code.
        options.log.error({ err: error, to: email.to }, 'e-mail could not be sent');
        await options.db
          .updateTable('outboxEmails')
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}

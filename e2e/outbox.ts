/**
 * The e-mails the worker's server wrote (its outbox_emails table: without SMTP, that is where they go), and
 * whether a notification was delivered yet, and the push subscriptions kept, read from its SQLite database, for specs that check an e-mail
 * was or was not sent.
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/engine.js';

/** The delivery state of a person's newest notification (docs/notifications.md: pending, claimed, done). */
export async function newestDelivery(dataDir: string, address: string): Promise<string | undefined> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'teambeat.sqlite') });
  try {
    const row = await handle.db
      .selectFrom('notifications as n')
      .innerJoin('employees as e', 'e.id', 'n.recipientId')
      .select('n.delivery')
      .where('e.email', '=', address)
      .orderBy('n.id', 'desc')
      .executeTakeFirst();
    return row?.delivery;
  } finally {
    await handle.close();
  }
}

export async function emailsTo(dataDir: string, address: string): Promise<{ subject: string; body: string }[]> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'teambeat.sqlite') });
  try {
    return await handle.db
      .selectFrom('outboxEmails')
      .select(['subject', 'body'])
      .where('recipient', '=', address)
      .orderBy('id')
      .execute();
  } finally {
    await handle.close();
  }
}

/** The browsers' push subscriptions kept for a person (their device ids). */
export async function pushDevicesOf(dataDir: string, address: string): Promise<string[]> {
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'teambeat.sqlite') });
  try {
    const rows = await handle.db
      .selectFrom('pushSubscriptions as p')
      .innerJoin('employees as e', 'e.id', 'p.employeeId')
      .select('p.deviceId')
      .where('e.email', '=', address)
      .execute();
    return rows.map((r) => r.deviceId);
  } finally {
    await handle.close();
  }
}

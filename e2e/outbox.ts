/**
 * The e-mails the worker's server wrote (its outbox_emails table: without SMTP, that is where they go), read
 * from its SQLite database, for specs that check an e-mail was or was not sent.
 */
import path from 'node:path';
import { openDatabase } from '../server/src/db/engine.js';

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

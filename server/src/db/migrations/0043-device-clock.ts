import type { Kysely } from 'kysely';
import type { MigrationFactory } from '../migration-kit.js';

/**
 * A device's clock as last compared with the server's (docs/devices.md, "Clock drift"): how far it was ahead
 * (positive) or behind, in seconds, and when; and, for a pulled device, when an admin asked for its time to be
 * set (the agent sets it on its next round and reports the new drift, which clears the request).
 */
export const deviceClock: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('devices').addColumn('clock_offset_s', 'integer').execute();
    await db.schema.alterTable('devices').addColumn('clock_checked_at', 'text').execute();
    await db.schema.alterTable('devices').addColumn('set_time_requested_at', 'text').execute();
  },
});

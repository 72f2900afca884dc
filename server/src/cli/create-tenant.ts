/**
 * `npm run tenant:create -- --name "Acme" --domain acme.com --admin-email it@acme.com --admin-name "Ida T"`
 * Creates a company with the seeded roles and its first administrator, who then sets a password with
 * "Forgot password" on the sign-in page (the code goes by e-mail, or to the log and outbox without SMTP).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/engine.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTenantWithRoles } from '../seed/tenant.js';
import { emailDomain, EMAIL_PATTERN, normalizeEmail } from '../../../shared/validation.js';

const { values } = parseArgs({
  options: {
    name: { type: 'string' },
    domain: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-name': { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const name = values.name?.trim() || fail('--name is required');
const domain = values.domain?.trim().toLowerCase() || fail('--domain is required (the company e-mail domain)');
const adminEmail = normalizeEmail(values['admin-email'] ?? '') || fail('--admin-email is required');
if (!EMAIL_PATTERN.test(adminEmail) || emailDomain(adminEmail) !== domain)
  fail(`--admin-email must be an address at @${domain}`);

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  await migrateToLatest(handle.db, handle.engine);
  const exists = await handle.db
    .selectFrom('tenants')
    .select('id')
    .where('emailDomain', '=', domain)
    .executeTakeFirst();
  if (exists) fail(`A tenant with the domain ${domain} already exists.`);
  const now = new Date();
  const { tenantId, roleIds } = await createTenantWithRoles(handle.db, { name, emailDomain: domain }, now);
  const admin = await handle.db
    .insertInto('employees')
    .values({
      tenantId,
      email: adminEmail,
      name: values['admin-name']?.trim() || adminEmail.split('@')[0]!,
      status: 'active',
      allocation: 100,
      passwordHash: null,
      emailConfirmed: 0,
      isSettingProfile: 0,
      isDemo: 0,
      failedSignIns: 0,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('employeeRoles')
    .values({ tenantId, employeeId: admin.id, roleId: roleIds.get('Administrator')! })
    .execute();
  process.stdout.write(
    `Created ${name} (@${domain}). ${adminEmail} is its administrator: use "Forgot password" on the sign-in page to set a password.\n`,
  );
} finally {
  await handle.close();
}

/**
 * The most common breached passwords (common-passwords.txt beside this file, read once on first use).
 * New passwords in that list are refused on top of the spec's strong-password rule: docs/security.md.
 */
import { readFileSync } from 'node:fs';
import { isCommonPassword } from '../../../shared/validation.js';
import { errors } from '../http/errors.js';

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/** Refuses a new password of the list with 400 COMMON_PASSWORD naming body.password. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password, commonPasswords())) {
    throw errors.rules([{ field: 'password', code: 'COMMON_PASSWORD' }]);
  }
}

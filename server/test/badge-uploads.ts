/**
 * Badge images uploaded as the app does (docs/storage.md): begin, PUT the bytes to the signed target,
 * confirm. For the badge API suites.
 */
import sharp from 'sharp';
import { expect } from 'vitest';
import { badgeEndpoints as ep } from '../../shared/endpoints/badges.js';
import type { TestServer } from './harness.js';
import type { Person } from './organisation.js';

/** A 64-pixel PNG of one colour, carrying EXIF that the confirm must drop. */
export const badgePng = (color = '#3366aa') =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret place' } } })
    .toBuffer();

/** Begins, uploads and confirms an image as `who`; answers the upload's id and the confirm reply. */
export async function uploadBadgeImage(
  server: TestServer,
  who: Person,
  body: Buffer,
  name = 'badge.png',
  contentType = 'image/png',
) {
  const begun = await server.client.ok(
    ep.beginBadgeImage,
    { body: { kind: 'image', name, size: body.length, contentType } },
    { as: who },
  );
  const url = begun.upload.url.startsWith('http') ? begun.upload.url : `${server.url}${begun.upload.url}`;
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: begun.upload.headers });
  expect(put.status).toBe(204);
  return {
    id: begun.id,
    confirm: await server.client.call(ep.confirmBadgeImage, { params: { id: begun.id } }, { as: who }),
  };
}

/**
 * A real S3-compatible server for the S3 driver's tests, on a free loopback port: `@20minutes/s3rver`, the
 * maintained fork of s3rver (it verifies SigV4 signatures and pre-signed expiries, which the original
 * does not), storing objects in a temporary folder. MinIO has no package in the registries this project
 * installs from (docs/storage.md, "Testing the S3 driver").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type KoaContext = { path: string; mountPath?: string; state: { vhost?: boolean } };
type Middleware = ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>) & { name: string };
type S3rverInstance = {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  middleware: Middleware[];
};
type S3rverClass = new (options: S3rverOptions) => S3rverInstance;

export const S3_TEST_KEY = 'S3RVER';

export async function startS3Server(bucket: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = mkdtempSync(path.join(tmpdir(), 'teambeat-s3-'));
  // The bucket is made at start: the SDK's CreateBucket is a bucket-level request (see below).
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // A bug of this server, not of the SDK: a path-style bucket-level request (`GET /bucket/?list-type=2`,
  // the orphan job's listing) is signed by the SDK over the path `/bucket/`, as AWS S3 and MinIO expect,
  // but the server checks the signature over `/bucket`. Its virtual-host branch keeps the slash, so for
  // exactly those requests the check is made to take that branch. Signatures are still verified.
  const vhost = server.middleware.findIndex((m) => m.name === 'vhost');
  if (vhost < 0) throw new Error('s3rver changed: no vhost middleware to place the bucket-path fix after');
  const keepSlash: Middleware = async (ctx, next) => {
    if (ctx.path === `/${bucket}/`) {
      ctx.state.vhost = true;
      ctx.mountPath = '/';
    }
    await next();
  };
  server.middleware.splice(vhost + 1, 0, keepSlash);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

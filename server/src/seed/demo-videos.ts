/**
 * Leaderboard videos for the demo company (docs/recognition.md "Leaderboard videos"): three short videos
 * (320x180, 3 seconds, WebM) made here by ffmpeg from its test patterns, never downloaded, read back by
 * ffprobe like an upload, stored with their preview through the storage driver, approved by the
 * administrator, with their feed posts, hashtags, likes and comments of colleagues; all `is_demo`. Called
 * once the app's storage exists (main.ts), like the badge images. The e2e employee likes and comments
 * nothing, so the specs start clean.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { readFile } from 'node:fs/promises';
import { LIKE_TYPES } from '../../../shared/feed.js';
import type { Db } from '../db/engine.js';
import { ffmpegPath, previewFrame, probe, tempFolder } from '../modules/leaderboard-videos/media.js';
import type { StorageService } from '../storage/service.js';
import { DEMO_ADMIN_EMAIL } from './demo-data.js';
import { DEMO_E2E_EMPLOYEE } from './demo-leave.js';

const run = promisify(execFile);

export const DEMO_VIDEOS = [
  {
    title: 'Launch day cheers for the platform team',
    source: 'testsrc2',
    hashtags: ['launch', 'teamwork'],
    daysAgo: 20,
  },
  {
    title: 'Thank you, support crew, for the weekend rescue',
    source: 'smptebars',
    hashtags: ['support', 'thankyou'],
    daysAgo: 9,
  },
  { title: 'Welcome to our new designers', source: 'rgbtestsrc', hashtags: ['welcome', 'design'], daysAgo: 3 },
] as const;

const COMMENTS = ['Well deserved!', 'This made my day', 'Great work, everyone', 'So proud of this team'];

/** Makes, checks and stores the demo videos of every demo company that has none yet; answers how many. */
export async function seedDemoVideos(db: Db, storage: StorageService, now: Date): Promise<number> {
  const admins = await db
    .selectFrom('employees')
    .select(['id', 'tenantId'])
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .where('isDemo', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('leaderboardVideos as v')
            .select('v.id')
            .whereRef('v.tenantId', '=', 'employees.tenantId')
            .where('v.isDemo', '=', 1),
        ),
      ),
    )
    .execute();
  let made = 0;
  for (const admin of admins) {
    const people = await db
      .selectFrom('employees')
      .select('id')
      .where('tenantId', '=', admin.tenantId)
      .where('status', '=', 'active')
      .where('email', 'not in', [DEMO_E2E_EMPLOYEE, DEMO_ADMIN_EMAIL])
      .orderBy('id')
      .limit(12)
      .execute();
    const temp = await tempFolder();
    try {
      // Made at once: each takes well under a second.
      const files = await Promise.all(
        DEMO_VIDEOS.map(async (video, i) => {
          const file = path.join(temp.dir, `demo-${i}.webm`);
          await run(
            ffmpegPath,
            [
              '-v',
              'error',
              '-f',
              'lavfi',
              '-i',
              `${video.source}=size=320x180:rate=15:duration=3`,
              '-pix_fmt',
              'yuv420p',
              '-c:v',
              'libvpx',
              '-b:v',
              '150k',
              '-y',
              file,
            ],
            { timeout: 30_000 },
          );
          return file;
        }),
      );
      for (const [i, video] of DEMO_VIDEOS.entries()) {
        const file = files[i]!;
        const body = await readFile(file);
        const facts = await probe(file, body.length);
        if ('refused' in facts) throw new Error(`demo video ${i} refused: ${facts.refused}`);
        const preview = await previewFrame(file, temp.dir, facts);
        const stored = await storage.store({
          tenantId: admin.tenantId,
          kind: 'video',
          body,
          contentType: facts.contentType,
          preview: preview ? { body: preview, contentType: 'image/jpeg' } : null,
        });
        const at = new Date(now.getTime() - video.daysAgo * 86_400_000).toISOString();
        const uploader = people[i % Math.max(1, people.length)]?.id ?? admin.id;
        const row = await db
          .insertInto('leaderboardVideos')
          .values({
            tenantId: admin.tenantId,
            uploadedBy: uploader,
            title: video.title,
            source: 'file',
            storageKey: stored.key,
            previewKey: stored.previewKey,
            contentType: facts.contentType,
            size: body.length,
            durationMs: Math.round(facts.durationSeconds * 1000),
            width: facts.width,
            height: facts.height,
            status: 'approved',
            reviewedBy: admin.id,
            reviewedAt: at,
            isDemo: 1,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('leaderboardVideoHashtags')
          .values(video.hashtags.map((tag) => ({ tenantId: admin.tenantId, videoId: row.id, tag })))
          .execute();
        const post = await db
          .insertInto('feedPosts')
          .values({
            tenantId: admin.tenantId,
            kind: 'leaderboard-video',
            authorId: uploader,
            leaderboardVideoId: row.id,
            isDemo: 1,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Six colleagues each, a different six per video (fewer in a small company).
        const others = people.filter((p) => p.id !== uploader);
        const shift = others.length === 0 ? 0 : (i * 3) % others.length;
        const fans = [...others.slice(shift), ...others.slice(0, shift)].slice(0, 6);
        if (fans.length > 0) {
          await db
            .insertInto('feedLikes')
            .values(
              fans.map((p, k) => ({
                tenantId: admin.tenantId,
                postId: post.id,
                employeeId: p.id,
                kind: LIKE_TYPES[k % 2 === 0 ? 0 : 1],
                isDemo: 1 as const,
                createdAt: at,
              })),
            )
            .execute();
          await db
            .insertInto('feedComments')
            .values(
              fans.slice(0, 2).map((p, k) => ({
                tenantId: admin.tenantId,
                postId: post.id,
                employeeId: p.id,
                comment: COMMENTS[(i + k) % COMMENTS.length]!,
                isDemo: 1 as const,
                createdAt: at,
              })),
            )
            .execute();
        }
        made++;
      }
    } finally {
      await temp.dispose();
    }
  }
  return made;
}

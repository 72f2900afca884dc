/**
 * Leaderboard videos (docs/recognition.md "Leaderboard videos") over real HTTP on both engines, with videos
 * made by ffmpeg and read by the real ffprobe: an upload by file or by address waits for review; a file that
 * is no video, too long, too large a frame, too many bytes or empty is refused naming the field, with nothing
 * stored and no temporary file left; an approval posts it on the news feed, a rejection or deactivation
 * takes it off the list and the feed; the file streams with range requests (206, 416); who may review,
 * manage and see; likes and comments (the post's); other companies see nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardVideo } from '../../shared/contracts/leaderboard-videos.js';
import { feedEndpoints as feedEp } from '../../shared/endpoints/feed.js';
import { leaderboardVideoEndpoints as ep } from '../../shared/endpoints/leaderboard-videos.js';
import { validation as V } from '../../shared/i18n/en/validation.js';
import { MAX_VIDEO_BYTES } from '../../shared/leaderboard-videos.js';
import { download } from '../src/modules/leaderboard-videos/fetch-url.js';
import { ffmpegPath, probe } from '../src/modules/leaderboard-videos/media.js';
import { expectError } from './client.js';
import { startServer, type TestServer } from './harness.js';
import { organisation, type Organisation } from './organisation.js';

const run = promisify(execFile);

let server: TestServer;
let org: Organisation<'admin' | 'emp' | 'peer' | 'uploader', never>;
let other: Organisation<'admin' | 'emp', never>;
let dir: string;
let files: Record<'ok' | 'long' | 'wide' | 'square' | 'sound' | 'text', Buffer>;
let web: Server;
let webUrl: string;

/** A WebM (VP8) of a test pattern; small frames and rates keep it fast. */
async function makeVideo(name: string, size: string, seconds: number, rate = 10): Promise<Buffer> {
  const out = path.join(dir, `${name}.webm`);
  await run(ffmpegPath, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    '-y',
    out,
  ]);
  return readFile(out);
}

/** A sound with an album cover: ffprobe reports the picture as a video stream. */
async function makeSoundWithCover(): Promise<Buffer> {
  const out = path.join(dir, 'cover.m4a');
  const lavfi = (input: string) => ['-f', 'lavfi', '-i', input];
  await run(ffmpegPath, [
    ...['-v', 'error', ...lavfi('sine=duration=2'), ...lavfi('color=c=red:s=64x64:d=1')],
    ...['-map', '0', '-map', '1', '-frames:v', '1', '-c:a', 'aac', '-c:v', 'mjpeg'],
    ...['-disposition:v:0', 'attached_pic', '-y', out],
  ]);
  return readFile(out);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'videos-test-'));
  const [ok, long, wide, square, sound] = await Promise.all([
    makeVideo('ok', '320x180', 2),
    makeVideo('long', '32x18', 61, 2),
    makeVideo('wide', '1290x100', 1, 2),
    makeVideo('square', '800x800', 1, 2),
    makeSoundWithCover(),
  ]);
  files = { ok, long, wide, square, sound, text: Buffer.from('just some words, not a video\n'.repeat(50)) };
  await writeFile(path.join(dir, 'ok.webm'), ok);

  // A web server of the test's own, for uploads by address.
  web = createServer((req, res) => {
    webHits.push(req.url ?? '');
    if (req.url === '/ok.webm') return res.writeHead(200, { 'content-type': 'video/webm' }).end(files.ok);
    if (req.url === '/moved') return res.writeHead(302, { location: '/ok.webm' }).end();
    if (req.url === '/elsewhere') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/text') return res.writeHead(200, { 'content-type': 'video/webm' }).end(files.text);
    if (req.url === '/huge') {
      // Chunked, no length: the limit must hold while the bytes arrive.
      res.writeHead(200, { 'content-type': 'video/webm' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const push = () => {
        while (sent <= MAX_VIDEO_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return push();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;

  server = await startServer({ LEADERBOARD_VIDEO_ALLOW_PRIVATE_URLS: 'true' });
  org = await organisation(server, {
    name: 'Acme',
    domain: 'acme.example',
    feedbackCatalogue: false,
    people: {
      admin: ['Administrator'],
      emp: ['Employee'],
      peer: ['Employee'],
      // Uploads and sees the boards, nothing else.
      uploader: { grants: ['upload-leaderboard-video', 'view-feedback-overview'] },
    },
  });
  other = await organisation(server, {
    name: 'Other',
    domain: 'other.example',
    people: { admin: ['Administrator'], emp: ['Employee'] },
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => web?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

type Who = { token: string };

/** What the test's web server was asked for. */
const webHits: string[] = [];

/** An HLS playlist whose segments are an address of the test's web server and a file of this machine. */
const playlist = () =>
  Buffer.from(
    [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:1',
      '#EXTINF:1,',
      `${webUrl}/segment.ts`,
      '#EXTINF:1,',
      'file:///etc/hostname',
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );

async function upload(bytes: Buffer, query: Record<string, string>, who: Who = org.people.uploader) {
  const res = await fetch(`${server.url}/api/leaderboard-videos/file?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'video/webm' },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const storedVideos = async (tenantId: number) => {
  let n = 0;
  for await (const item of server.deps.storage.driver.list(`${tenantId}/video/`)) if (item.key) n++;
  return n;
};
const rows = async () =>
  Number(
    (
      await server.db
        .selectFrom('leaderboardVideos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const tempLeft = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('teambeat-video-')).length;

const feedVideoIds = async (who: Who) =>
  (await server.client.ok(feedEp.listFeedPosts, { query: {} }, { as: who })).items
    .filter((p) => p.kind === 'leaderboard-video')
    .map((p) => p.video?.id);

describe('uploads', () => {
  let firstId: number;

  it('stores a generated video as pending, with what ffprobe read and a preview', async () => {
    const res = await upload(files.ok, { title: ' Kudos to the team ', hashtags: '#Teamwork,launch' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const video = res.body as LeaderboardVideo;
    firstId = video.id;
    expect(video).toMatchObject({
      title: 'Kudos to the team',
      hashtags: ['launch', 'teamwork'],
      videoStatus: 'pending',
      isActive: true,
      source: 'file',
      contentType: 'video/webm',
      width: 320,
      height: 180,
      size: files.ok.length,
      postId: null,
      uploadedBy: { id: org.people.uploader.id },
    });
    expect(video.durationSeconds).toBeGreaterThan(1.5);
    expect(video.durationSeconds).toBeLessThan(2.5);
    expect(video.preview).toBeTruthy();
    const preview = await fetch(`${server.url}${video.preview}`);
    expect(preview.status).toBe(200);
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('refuses by content, naming the field, and keeps nothing', async () => {
    const before = { stored: await storedVideos(org.tenantId), rows: await rows(), temp: await tempLeft() };
    const cases: [Buffer, string][] = [
      [files.long, V.videoTooLong],
      [files.wide, V.videoFrameTooLarge],
      [files.square, V.videoFrameTooLarge],
      [files.text, V.videoMetadata],
      [files.sound, V.videoNotVideo],
      [Buffer.alloc(0), V.fileRequired],
      // A playlist naming other files and addresses: ffprobe may open neither, so it cannot read it at all.
      [playlist(), V.videoMetadata],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes, { title: 'Refused' });
      expect(res.status, message).toBe(400);
      expect(res.body.error.code).toBe('VIDEO_UPLOAD_FAILED');
      expect(res.body.error.details.fields).toEqual([{ path: 'body.file', message }]);
    }
    expect(await storedVideos(org.tenantId)).toBe(before.stored);
    expect(await rows()).toBe(before.rows);
    expect(await tempLeft()).toBe(before.temp);
    expect(webHits.filter((url) => url.startsWith('/segment'))).toEqual([]);
  });

  it('checks the details first and names them', async () => {
    // Through the endpoint map's typed client, which sends a Blob's bytes to a raw-body endpoint.
    const res = await server.client.call(
      ep.uploadLeaderboardVideo,
      {
        query: { title: '', hashtags: 'ok,not a tag' },
        body: new Blob([new Uint8Array(files.ok)], { type: 'video/webm' }),
      },
      { as: org.people.uploader },
    );
    expect(expectError(res, 400).details).toMatchObject({
      fields: [
        { path: 'query.title', message: V.required },
        { path: 'query.hashtags', message: V.videoHashtag },
      ],
    });
  });

  it('downloads a video by address, following a redirect, and refuses what is no video or too large', async () => {
    const added = await server.client.ok(
      ep.addLeaderboardVideoByUrl,
      { body: { url: `${webUrl}/moved`, title: 'From the web', hashtags: ['web'] } },
      { as: org.people.uploader },
    );
    expect(added).toMatchObject({ source: 'url', videoStatus: 'pending', size: files.ok.length, width: 320 });

    const before = { stored: await storedVideos(org.tenantId), rows: await rows() };
    const refused: [string, string][] = [
      [`${webUrl}/text`, V.videoMetadata],
      [`${webUrl}/huge`, V.videoFileTooBig.replace('{{max}}', '50')],
      [`${webUrl}/missing`, V.videoUrlFailed],
      [`${webUrl}/elsewhere`, V.videoUrlScheme],
      ['ftp://example.com/a.webm', V.videoUrlScheme],
    ];
    for (const [url, message] of refused) {
      const error = expectError(
        await server.client.call(
          ep.addLeaderboardVideoByUrl,
          { body: { url, title: 'No' } },
          { as: org.people.uploader },
        ),
        400,
        'VIDEO_UPLOAD_FAILED',
      );
      expect(error.details, url).toEqual({ fields: [{ path: 'body.url', message }] });
    }
    expect(await storedVideos(org.tenantId)).toBe(before.stored);
    expect(await rows()).toBe(before.rows);
  });

  it('lets only uploaders upload and only reviewers review', async () => {
    expect((await upload(files.ok, { title: 'x' }, org.people.emp)).status).toBe(403);
    expectError(
      await server.client.call(
        ep.setLeaderboardVideoReview,
        { params: { id: firstId }, body: { videoStatus: 'approved' } },
        { as: org.people.emp },
      ),
      403,
    );
    expectError(await server.client.call(ep.listManagedLeaderboardVideos, { query: {} }, { as: org.people.emp }), 403);
    // A pending video is nobody's to watch but the managers'.
    expectError(
      await server.client.call(ep.getLeaderboardVideo, { params: { id: firstId } }, { as: org.people.emp }),
      404,
    );
    const managed = await server.client.ok(ep.listManagedLeaderboardVideos, { query: {} }, { as: org.people.admin });
    expect(managed.items.map((v) => v.id)).toContain(firstId);
  });
});

describe('review, feed, streaming and engagement', () => {
  let video: LeaderboardVideo;

  beforeAll(async () => {
    const res = await upload(files.ok, { title: 'Shipped it', hashtags: 'release' });
    video = res.body as LeaderboardVideo;
  });

  it('approves a video: listed for readers, posted on the feed', async () => {
    expect((await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: org.people.emp })).items).toEqual([]);
    expect(await feedVideoIds(org.people.emp)).toEqual([]);
    const approved = await server.client.ok(
      ep.setLeaderboardVideoReview,
      { params: { id: video.id }, body: { videoStatus: 'approved' } },
      { as: org.people.admin },
    );
    expect(approved.videoStatus).toBe('approved');
    expect(approved.postId).not.toBeNull();
    const list = await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: org.people.emp });
    expect(list.items.map((v) => v.id)).toEqual([video.id]);
    expect(list.total).toBe(1);
    const byTag = await server.client.ok(
      ep.listLeaderboardVideos,
      { query: { hashtag: '#Release' } },
      { as: org.people.emp },
    );
    expect(byTag.items.map((v) => v.id)).toEqual([video.id]);
    const otherTag = await server.client.ok(
      ep.listLeaderboardVideos,
      { query: { hashtag: 'teamwork' } },
      { as: org.people.emp },
    );
    expect(otherTag.items).toEqual([]);
    // A filter that is no hashtag matches nothing, on both engines (PostgreSQL refuses some markers in text).
    for (const hashtag of ['not a tag', '#']) {
      const none = await server.client.ok(ep.listLeaderboardVideos, { query: { hashtag } }, { as: org.people.emp });
      expect(none).toEqual({ items: [], total: 0 });
      const managed = await server.client.ok(
        ep.listManagedLeaderboardVideos,
        { query: { hashtag } },
        { as: org.people.admin },
      );
      expect(managed.items).toEqual([]);
    }
    expect(await feedVideoIds(org.people.emp)).toEqual([video.id]);
  });

  it('streams the file with range requests', async () => {
    const seen = await server.client.ok(ep.getLeaderboardVideo, { params: { id: video.id } }, { as: org.people.emp });
    const url = `${server.url}${seen.videoUrl}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(files.ok)).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=10-109' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-109/${files.ok.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(files.ok.subarray(10, 110))).toBe(true);

    const tail = await fetch(url, { headers: { range: 'bytes=-20' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(files.ok.subarray(files.ok.length - 20))).toBe(true);

    const beyond = await fetch(url, { headers: { range: `bytes=${files.ok.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${files.ok.length}`);
  });

  it('likes and comments, shared with its feed post', async () => {
    const liked = await server.client.ok(
      ep.likeLeaderboardVideo,
      { params: { id: video.id }, body: { type: 'celebrate' } },
      { as: org.people.emp },
    );
    expect(liked).toMatchObject({ likeCount: 1, currentUserLike: { type: 'celebrate' } });
    for (let i = 1; i <= 12; i++)
      await server.client.ok(
        ep.addLeaderboardVideoComment,
        { params: { id: video.id }, body: { comment: `Great ${i}` } },
        { as: org.people.emp },
      );
    const page = await server.client.ok(
      ep.listLeaderboardVideoComments,
      { params: { id: video.id }, query: {} },
      { as: org.people.admin },
    );
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.comment).toBe('Great 12');
    const rest = await server.client.ok(
      ep.listLeaderboardVideoComments,
      { params: { id: video.id }, query: { cursor: page.nextCursor! } },
      { as: org.people.admin },
    );
    expect(rest.items.map((c) => c.comment)).toEqual(['Great 2', 'Great 1']);
    expectError(
      await server.client.call(
        ep.addLeaderboardVideoComment,
        { params: { id: video.id }, body: { comment: ' ' } },
        { as: org.people.emp },
      ),
      400,
      'FEED_COMMENT_FAILED',
    );
    const seen = await server.client.ok(ep.getLeaderboardVideo, { params: { id: video.id } }, { as: org.people.admin });
    expect(seen).toMatchObject({ likeCount: 1, commentCount: 12, currentUserLike: null });
    const post = (await server.client.ok(feedEp.listFeedPosts, { query: {} }, { as: org.people.admin })).items.find(
      (p) => p.video?.id === video.id,
    );
    expect(post).toMatchObject({ kind: 'leaderboard-video', text: 'Shipped it', likeCount: 1, commentCount: 12 });
    const unliked = await server.client.ok(
      ep.unlikeLeaderboardVideo,
      { params: { id: video.id } },
      { as: org.people.emp },
    );
    expect(unliked.likeCount).toBe(0);
  });

  it('keeps a video’s post on the feed when its uploader tries to remove it: the video’s review decides', async () => {
    const own = (await upload(files.ok, { title: 'My own cheer' }, org.people.admin)).body as LeaderboardVideo;
    const approved = await server.client.ok(
      ep.setLeaderboardVideoReview,
      { params: { id: own.id }, body: { videoStatus: 'approved' } },
      { as: org.people.admin },
    );
    const shown = (await server.client.ok(feedEp.listFeedPosts, { query: {} }, { as: org.people.admin })).items.find(
      (p) => p.id === approved.postId,
    );
    expect(shown).toMatchObject({ canRemove: false });
    expectError(
      await server.client.call(feedEp.removeFeedPost, { params: { id: approved.postId! } }, { as: org.people.admin }),
      409,
      'FEED_POST_IS_VIDEO',
    );
    expect(await feedVideoIds(org.people.emp)).toContain(own.id);
    await server.client.ok(
      ep.setLeaderboardVideoReview,
      { params: { id: own.id }, body: { videoStatus: 'rejected' } },
      { as: org.people.admin },
    );
  });

  it('closes a reported post’s likes and comments to readers until a reviewer keeps it', async () => {
    const postId = (
      await server.client.ok(ep.getLeaderboardVideo, { params: { id: video.id } }, { as: org.people.emp })
    ).postId!;
    await server.client.ok(
      feedEp.reportFeedPost,
      { params: { id: postId }, body: { reason: 'Not for work' } },
      { as: org.people.emp },
    );
    const like = (who: Who) =>
      server.client.call(ep.likeLeaderboardVideo, { params: { id: video.id }, body: { type: 'like' } }, { as: who });
    const comment = (who: Who) =>
      server.client.call(
        ep.addLeaderboardVideoComment,
        { params: { id: video.id }, body: { comment: 'Still here?' } },
        { as: who },
      );
    for (const who of [org.people.peer, org.people.emp]) {
      expectError(await like(who), 404);
      expectError(await comment(who), 404);
      expectError(
        await server.client.call(ep.listLeaderboardVideoComments, { params: { id: video.id }, query: {} }, { as: who }),
        404,
      );
    }
    await server.client.ok(
      feedEp.reviewFeedPost,
      { params: { id: postId }, body: { decision: 'kept' } },
      { as: org.people.admin },
    );
    expect((await like(org.people.peer)).ok).toBe(true);
    await server.client.ok(ep.unlikeLeaderboardVideo, { params: { id: video.id } }, { as: org.people.peer });
  });

  it('keeps other companies out', async () => {
    const as = { as: other.people.admin };
    expectError(await server.client.call(ep.getLeaderboardVideo, { params: { id: video.id } }, as), 404);
    expectError(
      await server.client.call(
        ep.setLeaderboardVideoReview,
        { params: { id: video.id }, body: { videoStatus: 'rejected' } },
        as,
      ),
      404,
    );
    expectError(
      await server.client.call(ep.likeLeaderboardVideo, { params: { id: video.id }, body: { type: 'like' } }, as),
      404,
    );
    expect((await server.client.ok(ep.listLeaderboardVideos, { query: {} }, as)).items).toEqual([]);
    expect((await server.client.ok(ep.listManagedLeaderboardVideos, { query: {} }, as)).items).toEqual([]);
    expect(await feedVideoIds(other.people.emp)).toEqual([]);
    expect(await storedVideos(other.tenantId)).toBe(0);
  });

  it('deactivating or rejecting takes it off the list and the feed; approving again brings the post back', async () => {
    const reader = org.people.emp;
    await server.client.ok(
      ep.setLeaderboardVideoStatus,
      { params: { id: video.id }, body: { isActive: false } },
      { as: org.people.admin },
    );
    expect((await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: reader })).items).toEqual([]);
    expect(await feedVideoIds(reader)).toEqual([]);
    expectError(await server.client.call(ep.getLeaderboardVideo, { params: { id: video.id } }, { as: reader }), 404);
    expectError(
      await server.client.call(
        ep.likeLeaderboardVideo,
        { params: { id: video.id }, body: { type: 'like' } },
        { as: reader },
      ),
      404,
    );

    await server.client.ok(
      ep.setLeaderboardVideoStatus,
      { params: { id: video.id }, body: { isActive: true } },
      { as: org.people.admin },
    );
    expect(await feedVideoIds(reader)).toEqual([video.id]);
    const rejected = await server.client.ok(
      ep.setLeaderboardVideoReview,
      { params: { id: video.id }, body: { videoStatus: 'rejected' } },
      { as: org.people.admin },
    );
    expect(rejected.videoStatus).toBe('rejected');
    expect((await server.client.ok(ep.listLeaderboardVideos, { query: {} }, { as: reader })).items).toEqual([]);
    expect(await feedVideoIds(reader)).toEqual([]);

    const again = await server.client.ok(
      ep.setLeaderboardVideoReview,
      { params: { id: video.id }, body: { videoStatus: 'approved' } },
      { as: org.people.admin },
    );
    expect(again.postId).toBe(rejected.postId);
    expect(again.commentCount).toBe(12);
    expect(await feedVideoIds(reader)).toEqual([video.id]);
  });
});

describe('addresses the server will not fetch', () => {
  it('refuses a local address before asking it anything, by name or by number', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'teambeat-download-'));
    try {
      const before = webHits.length;
      const port = new URL(webUrl).port;
      for (const url of [
        `${webUrl}/ok.webm`,
        `http://localhost:${port}/ok.webm`,
        `http://[::ffff:127.0.0.1]:${port}/ok.webm`,
      ])
        expect(await download(url, path.join(folder, 'video'), false), url).toEqual({ refused: V.videoUrlPrivate });
      expect(webHits.length).toBe(before);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('what ffprobe may open for an upload', () => {
  it('refuses a script that names other files beside it, instead of reading them', async () => {
    // An ffconcat script is detected by its content whatever its name, and reads the files it lists.
    const folder = await mkdtemp(path.join(tmpdir(), 'teambeat-probe-'));
    try {
      await writeFile(path.join(folder, 'beside.webm'), files.ok);
      const script = path.join(folder, 'video');
      await writeFile(script, 'ffconcat version 1.0\nfile beside.webm\n');
      // Without the whitelists ffprobe read the sibling and called it `concat` ("not a video"); now it
      // opens nothing but the accepted containers, and cannot read the script at all.
      expect(await probe(script, files.ok.length)).toEqual({ refused: V.videoMetadata });
      // A real video in the same folder is read as before.
      expect(await probe(path.join(folder, 'beside.webm'), files.ok.length)).toMatchObject({
        contentType: 'video/webm',
        demuxer: 'matroska',
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/**
 * The news feed hooks against the real API: an announcement reaches the feed; a comment and a like change
 * every cached copy of the post (the feed's page and the post's own) and the server's answers replace the
 * optimistic values; a comment the server refuses is rolled back everywhere, with the server's field message.
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPost } from '../../../../shared/contracts/feed';
import { fieldErrors } from '../errors';
import { renderHookWithProviders, testQueryClient } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import {
  likedAs,
  useAddComment,
  useCreateAnnouncement,
  useFeed,
  useFeedComments,
  useFeedPost,
  useLikePost,
} from './feed';

beforeAll(signInToRealApi);
afterAll(forgetSession);

/** The API serves several suites on this machine: a first page may take more than waitFor's second. */
const patiently = { timeout: 15_000 };

const inFeed = (pages: { items: FeedPost[] }[] | undefined, id: number) =>
  pages?.flatMap((p) => p.items).find((p) => p.id === id);

describe('news feed hooks on the real API', () => {
  it('posts an announcement; a comment and a like show on every copy of the post; a refusal is rolled back', async () => {
    const queryClient = testQueryClient();
    const first = renderHookWithProviders(
      () => ({ feed: useFeed(null), create: useCreateAnnouncement() }),
      queryClient,
    );
    await waitFor(() => expect(first.result.current.feed.isSuccess).toBe(true), patiently);
    const text = `Hooks feed ${Date.now().toString(36)}`;
    let id = 0;
    await act(async () => {
      id = (await first.result.current.create.mutateAsync(text)).id;
    });
    await waitFor(() => expect(inFeed(first.result.current.feed.data?.pages, id)?.text).toBe(text), patiently);

    const { result } = renderHookWithProviders(
      () => ({
        feed: useFeed(null),
        post: useFeedPost(id),
        comments: useFeedComments(id, true),
        add: useAddComment(id),
        like: useLikePost(),
      }),
      queryClient,
    );
    await waitFor(
      () => expect(result.current.post.isSuccess && result.current.comments.isSuccess).toBe(true),
      patiently,
    );

    await act(async () => {
      await result.current.add.mutateAsync('First!');
    });
    // The server's comment (a real id) has replaced the placeholder in every copy.
    await waitFor(() => {
      for (const copy of [result.current.post.data, inFeed(result.current.feed.data?.pages, id)]) {
        expect(copy?.commentCount).toBe(1);
        expect(copy?.latestComments.map((c) => [c.comment, c.id > 0])).toEqual([['First!', true]]);
      }
      expect(result.current.comments.data?.pages[0]?.items.map((c) => [c.comment, c.id > 0])).toEqual([
        ['First!', true],
      ]);
    });

    // Too long for the server: the count and the lists go back as they were, and the field says why.
    let failure: unknown;
    await act(async () => {
      failure = await result.current.add.mutateAsync('x'.repeat(501)).then(
        () => undefined,
        (e: unknown) => e,
      );
    });
    expect(fieldErrors(failure)).toEqual({ comment: 'At most 500 characters' });
    await waitFor(() => {
      expect(result.current.post.data?.commentCount).toBe(1);
      expect(inFeed(result.current.feed.data?.pages, id)?.latestComments.map((c) => c.comment)).toEqual(['First!']);
      expect(result.current.comments.data?.pages[0]?.items.map((c) => c.comment)).toEqual(['First!']);
    });

    await act(async () => {
      await result.current.like.mutateAsync({ postId: id, type: 'celebrate' });
    });
    await waitFor(() => {
      for (const copy of [result.current.post.data, inFeed(result.current.feed.data?.pages, id)])
        expect(copy).toMatchObject({ likeCount: 1, currentUserLike: { type: 'celebrate' } });
    });
  });

  it('counts likes as the spec says: one per person, a change of type keeps the count, never below zero', () => {
    const none = { likeCount: 0, likeTypes: [], currentUserLike: null };
    const liked = likedAs(none, 'like');
    expect(liked).toEqual({ likeCount: 1, likeTypes: [{ type: 'like', count: 1 }], currentUserLike: { type: 'like' } });
    expect(likedAs(liked, 'love')).toEqual({
      likeCount: 1,
      likeTypes: [{ type: 'love', count: 1 }],
      currentUserLike: { type: 'love' },
    });
    expect(likedAs(liked, null)).toEqual(none);
    expect(likedAs(none, null)).toEqual(none);
  });
});

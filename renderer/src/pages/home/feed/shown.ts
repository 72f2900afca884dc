/**
 * Whether Home shows the news feed to the signed-in person (view-badges, and a kind of post the company's
 * feedTypes show), and what they may do there. Apart from the feed's components, so Home decides its
 * layout before their chunk arrives.
 */
import { FEED_POST_KINDS } from '../../../../../shared/feed';
import { useMe, usePermissions } from '../../../api/hooks/me';

/** Whether Home shows the feed to the signed-in person, and whether they may announce. */
export function useFeedShown() {
  const me = useMe();
  const permissions = usePermissions();
  const types = me?.tenant.settings.feedTypes ?? [];
  const kinds = FEED_POST_KINDS.filter((kind) => types.includes(kind));
  return {
    shown: permissions.has('view-badges') && kinds.length > 0,
    canAnnounce: permissions.has('post-announcement') && kinds.includes('announcement'),
    canReview: permissions.has('flag-feedback'),
  };
}

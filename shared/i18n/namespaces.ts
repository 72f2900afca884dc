/**
 * The catalogue's namespaces, one per area of the product (docs/i18n.md), without their texts: the renderer
 * imports this list and loads each namespace's texts on demand (lazy.ts), the server the whole catalogue
 * (resources.ts).
 */
export const NAMESPACES = [
  'common',
  'errors',
  'validation',
  'auth',
  'frame',
  'home',
  'attendance',
  'leave',
  'devices',
  'people',
  'teams',
  'productivity',
  'settings',
  'email',
  'reports',
  'feedback',
  'feedbackAdmin',
  'feedbackRequests',
  'feedbackOverview',
  'feedbackMatrix',
  'leaderboards',
  'badges',
  'feed',
  'notifications',
  'projects',
  'projectFeedback',
  'taskFeedback',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

import { lineIcon as icon } from './line-icon.tsx';

/**
 * Line icons of the money pages and the header balance. Kept apart from icons.tsx so they load
 * with those chunks and add nothing to the home page's first load (see line-icon.tsx).
 */

export const EyeIcon = icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z');
export const EyeOffIcon = icon(
  'M3 3l18 18M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
);
export const BellIcon = icon('M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0');
export const CopyIcon = icon('M9 9h11v11H9zM5 15H4V4h11v1');

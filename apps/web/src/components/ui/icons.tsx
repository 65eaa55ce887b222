import { lineIcon as icon } from './line-icon.tsx';

/**
 * Line icons for the site shell (see line-icon.tsx).
 */

export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M6 6l12 12M18 6 6 18');
export const ChevronDownIcon = icon('m6 9 6 6 6-6');
export const ChevronRightIcon = icon('m9 6 6 6-6 6');
export const ArrowUpIcon = icon('M12 19V5M5 12l7-7 7 7');
export const SunIcon = icon(
  'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);
export const MoonIcon = icon('M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z');
export const ChatIcon = icon('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 11h.01M12 11h.01M16 11h.01');
export const HeadsetIcon = icon(
  'M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2zM20 14a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2zM17 18a4 4 0 0 1-4 3h-1',
);
export const DownloadIcon = icon('M12 3v12M7 10l5 5 5-5M5 21h14');
export const GiftIcon = icon(
  'M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7C10 3 7 3 7 5s3 2 5 2zM12 7c2-4 5-4 5-2s-3 2-5 2z',
);
export const UsersIcon = icon(
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
);
export const GlobeIcon = icon(
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20',
);
export const HomeIcon = icon('M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10');
export const TagIcon = icon('M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 7.5h.01');
export const GamepadIcon = icon(
  'M6 11h4M8 9v4M15 12h.01M18 10h.01M17.3 5H6.7a4 4 0 0 0-4 3.6L2 15a3 3 0 0 0 5.2 2.2L9 15h6l1.8 2.2A3 3 0 0 0 22 15l-.7-6.4A4 4 0 0 0 17.3 5z',
);
export const ExternalIcon = icon('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5');
export const ShieldIcon = icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z');
export const ClockIcon = icon('M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2');
export const RefreshIcon = icon('M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5');
export const WrenchIcon = icon(
  'M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9l-3.8 3.8z',
);
export const LockIcon = icon('M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4');
export const HeartIcon = icon(
  'M12 20s-7-4.4-9-8.8C1.6 8 3.5 4.5 7 4.5c2 0 3.4 1 5 2.8 1.6-1.8 3-2.8 5-2.8 3.5 0 5.4 3.5 4 6.7-2 4.4-9 8.8-9 8.8z',
);

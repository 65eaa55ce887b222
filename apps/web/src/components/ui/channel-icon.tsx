/**
 * Marks for contact and social channels (customer service entries, footer social links).
 * Decorative: the link beside or around one carries the name.
 */
const PATHS: Record<string, string> = {
  FACEBOOK: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v7h4v-7h3l1-4h-4V8z',
  TELEGRAM: 'M21 4 3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6-7 8',
  YOUTUBE: 'M22 12s0-4-1-5-4-1-9-1-8 0-9 1-1 5-1 5 0 4 1 5 4 1 9 1 8 0 9-1 1-5 1-5zM10 9v6l5-3-5-3z',
  INSTAGRAM:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17.5 6.5h.01',
  WHATSAPP: 'M3 21l1.6-4.7A9 9 0 1 1 8 19.6L3 21zM9 8c0 4 3 7 7 7l1-2-2-1-1 1c-1-.5-2.5-2-3-3l1-1-1-2-2 1z',
  LIVECHAT: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12zM8 11h.01M12 11h.01M16 11h.01',
  PHONE:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
  EMAIL: 'M3 5h18v14H3zM3 6l9 7 9-7',
};

export function ChannelIcon({ type, size = 22 }: { type: string; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type.toUpperCase()] ?? PATHS.LIVECHAT} />
    </svg>
  );
}

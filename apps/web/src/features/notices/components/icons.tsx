/** Small control icons (decorative: the buttons carry the labels). */
const base = { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': true, focusable: false } as const;

export const PauseIcon = () => (
  <svg {...base} width={14} height={14}>
    <path fill="currentColor" d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);
export const PlayIcon = () => (
  <svg {...base} width={14} height={14}>
    <path fill="currentColor" d="M7 4v16l13-8z" />
  </svg>
);

/** §8: an image that fails to load falls back to the default game icon. */
export const DEFAULT_GAME_ICON = '/default-game-icon.svg';

export function VendorIcon({ src, size = 28, alt = '' }: { src: string; size?: number; alt?: string }) {
  return (
    <img
      className="vendor-icon"
      src={src || DEFAULT_GAME_ICON}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(DEFAULT_GAME_ICON)) img.src = DEFAULT_GAME_ICON;
      }}
    />
  );
}

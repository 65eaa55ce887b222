import { useState } from 'react';
import './notices.css';

/**
 * A promotion's picture, lazy-loaded; without an image (or when it fails) a gift motif in the
 * theme's colours keeps the card whole.
 */
export function PromotionImage({ src, eager = false }: { src: string | null; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="promo-image promo-image--placeholder" aria-hidden="true">
        <svg viewBox="0 0 48 48" focusable="false">
          <path
            fill="currentColor"
            d="M8 20h32v6H8zm2 8h12v14H10zm16 0h12v14H26zM22 20h4v22h-4zM24 19c-3-6-12-9-12-3 0 3 6 3 12 3Zm0 0c3-6 12-9 12-3 0 3-6 3-12 3Z"
          />
        </svg>
      </span>
    );
  }
  return (
    <img
      className="promo-image"
      src={src}
      alt=""
      width={480}
      height={240}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

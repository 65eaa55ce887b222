import { useEffect, useRef, useState } from 'react';
import { useSeen } from '../../../lib/use-seen.ts';

/** Modules of white border around the code, as the QR standard asks for. */
const QUIET = 4;

interface Matrix {
  size: number;
  path: string;
}

/** One SVG path of horizontal runs of dark modules: small and crisp at any size. */
function toPath(size: number, dark: (row: number, col: number) => boolean): string {
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark(row, col)) col++;
      path += `M${start + QUIET} ${row + QUIET}h${col - start}v1h${start - col}z`;
    }
  }
  return path;
}

/**
 * A QR code drawn as SVG, dark on white in both themes so any phone can scan it. The `qrcode`
 * library loads when the first code comes into view (a closed drawer or panel costs nothing),
 * not with the page.
 */
export function QrCode({ value, label, size = 108 }: { value: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const seen = useSeen(svg);

  useEffect(() => {
    if (!seen) return;
    let live = true;
    import('qrcode')
      .then((qr) => {
        const code = qr.create(value, { errorCorrectionLevel: 'M' });
        const { size: n } = code.modules;
        if (live) setMatrix({ size: n, path: toPath(n, (row, col) => Boolean(code.modules.get(row, col))) });
      })
      .catch(() => {
        if (live) setMatrix(null);
      });
    return () => {
      live = false;
    };
  }, [value, seen]);

  const box = matrix ? matrix.size + QUIET * 2 : 1;
  return (
    <svg
      ref={svg}
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      {matrix ? <path d={matrix.path} fill="#000" /> : null}
    </svg>
  );
}

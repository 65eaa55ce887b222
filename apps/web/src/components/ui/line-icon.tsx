import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/**
 * A 24-unit line icon from one SVG path. Decorative: hidden from assistive technology, the
 * control that holds one carries the label. Icon sets (icons.tsx for the shell, money-icons.tsx
 * for the money pages) stay separate modules so each loads with its own chunk.
 */
export function lineIcon(paths: string, { fill = false }: { fill?: boolean } = {}) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        aria-hidden="true"
        focusable="false"
        fill={fill ? 'currentColor' : 'none'}
        stroke={fill ? 'none' : 'currentColor'}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...rest}
      >
        <path d={paths} />
      </svg>
    );
  };
}

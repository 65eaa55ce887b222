import { useEffect, useState } from 'react';

/**
 * False for the first render, true once the browser has painted it and has a moment to spare
 * (issue 3 item 11): what is off-screen or below the page (side menu drawer, footer, floating
 * widget) renders then, so the first paint does not wait for it.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => setPainted(true), { timeout: 1000 });
      else timer = setTimeout(() => setPainted(true), 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

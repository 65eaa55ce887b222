import { useEffect, useState } from 'react';

const offsetOf = (serverTime: string) => Date.parse(serverTime) - Date.now();

/** The server's clock as seen here: Date.now() plus the offset of the last answer's serverTime, ticking each second. */
export function useServerNow(serverTime: string | undefined): number {
  const [anchor, setAnchor] = useState(() => ({ serverTime, offset: serverTime ? offsetOf(serverTime) : 0 }));
  // A new serverTime takes effect in the render that brings it (not an effect later), so a
  // countdown never shows a first frame on this device's clock ("Ended" when the clocks differ).
  if (serverTime && serverTime !== anchor.serverTime) setAnchor({ serverTime, offset: offsetOf(serverTime) });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now + (serverTime && serverTime !== anchor.serverTime ? offsetOf(serverTime) : anchor.offset);
}

/** `02:03:04`, or `1d 02:03:04` past a day (`days` names them in the page's language); 00:00:00 once passed. */
export function formatCountdown(ms: number, days: (count: number) => string = (n) => `${n}d`): string {
  const total = Math.max(0, Math.floor(ms / 1_000));
  const wholeDays = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`;
  return wholeDays > 0 ? `${days(wholeDays)} ${clock}` : clock;
}

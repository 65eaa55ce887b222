import { useEffect, useState } from 'react';

/** The server's clock as seen from here: the offset is taken from the answer's serverTime. */
export function useServerNow(serverTime: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) setOffset(Date.parse(serverTime) - Date.now());
  }, [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

/** `1d 02:03:04` / `02:03:04` (`days` names the days in the page's language); 00:00:00 once passed. */
export function formatCountdown(ms: number, days: (count: number) => string = (n) => `${n}d`): string {
  const total = Math.max(0, Math.floor(ms / 1_000));
  const wholeDays = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3_600))}:${pad(Math.floor((total % 3_600) / 60))}:${pad(total % 60)}`;
  return wholeDays > 0 ? `${days(wholeDays)} ${clock}` : clock;
}

const DEVICE_KEY = 'khela.deviceId';

/** A random id this browser keeps, for merchants that give the sign-up reward once per device. */
export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const made = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  }
}

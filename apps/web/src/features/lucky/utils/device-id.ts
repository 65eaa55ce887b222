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

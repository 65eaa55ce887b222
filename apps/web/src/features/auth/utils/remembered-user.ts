/** §4 remember me: the server keeps the username in this cookie for a day (never the password). */
export const REMEMBERED_USER_COOKIE = 'khela_user';

/** The remembered username, or '' (cookie absent, or unreadable). */
export function rememberedUsername(cookies: string = typeof document === 'undefined' ? '' : document.cookie): string {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REMEMBERED_USER_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('=')).trim();
    } catch {
      return '';
    }
  }
  return '';
}

/**
 * The invitation link on a promotion domain: the sign-up form reads `?referralCode=` (and an
 * agent's `?affiliateCode=`) from the address (features/auth registration-form codesFromUrl).
 */
export function inviteLink(
  domain: string,
  code: string,
  param: 'referralCode' | 'affiliateCode' = 'referralCode',
  protocol = typeof window === 'undefined' ? 'https:' : window.location.protocol,
): string {
  // The domain this page is on keeps its own origin (a port in development).
  const here = typeof window === 'undefined' ? null : window.location;
  const origin = /^https?:\/\//i.test(domain)
    ? domain
    : here && here.hostname === domain
      ? here.origin
      : `${protocol}//${domain}`;
  const url = new URL('/', origin);
  url.searchParams.set(param, code);
  return url.toString();
}

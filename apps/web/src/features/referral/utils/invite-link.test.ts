import { describe, expect, it } from 'vitest';
import { codesFromUrl } from '../../auth/utils/registration-form.ts';
import { inviteLink } from './invite-link.ts';

describe('invitation links', () => {
  it('puts the code in ?referralCode= on the domain, which the sign-up form reads back', () => {
    const link = inviteLink('khela.example', 'AB23CD45', 'referralCode', 'https:');
    expect(link).toBe('https://khela.example/?referralCode=AB23CD45');
    expect(codesFromUrl(new URL(link).search)).toEqual({ affiliateCode: '', referralCode: 'AB23CD45' });
  });
  it("keeps a domain's own scheme and port, and carries an agent's affiliate code", () => {
    const link = inviteLink('http://localhost:8080', 'AGENT01', 'affiliateCode', 'https:');
    expect(link).toBe('http://localhost:8080/?affiliateCode=AGENT01');
    expect(codesFromUrl(new URL(link).search).affiliateCode).toBe('AGENT01');
  });
});

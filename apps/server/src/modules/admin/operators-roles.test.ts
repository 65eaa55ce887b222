import { describe, expect, it } from 'vitest';
import { mayManageRole } from './permissions.ts';

describe('mayManageRole (issue 16 item 1: nobody raises anyone above themselves)', () => {
  it('lets the superadmin hand out every role and the others none', () => {
    expect(mayManageRole('superadmin', 'superadmin')).toBe(true);
    expect(mayManageRole('superadmin', 'support')).toBe(true);
    expect(mayManageRole('support', 'support')).toBe(false);
  });

  it('allows only roles whose every permission the actor holds', () => {
    const roles = {
      superadmin: ['operators', 'members', 'cashier'],
      support: ['operators', 'members'],
      content: ['members'],
      settings: ['cashier'],
    } as const;
    expect(mayManageRole('support', 'content', roles)).toBe(true);
    expect(mayManageRole('support', 'support', roles)).toBe(true);
    expect(mayManageRole('support', 'settings', roles)).toBe(false);
    expect(mayManageRole('support', 'superadmin', roles)).toBe(false);
  });
});

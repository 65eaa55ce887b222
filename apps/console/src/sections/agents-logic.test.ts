import { describe, expect, it } from 'vitest';
import { allowedSections } from '../sections.ts';
import { broadcastErrors, payoutActions, promotionInputOf, redemptionActions } from './agents-logic.ts';

describe('agents and engagement (issue 16 item 6)', () => {
  it('offers hold and re-run only where settlement allows them', () => {
    expect(payoutActions('paid')).toEqual([]);
    expect(payoutActions('held')).toEqual(['rerun']);
    expect(payoutActions('skipped')).toEqual(['hold', 'rerun']);
    expect(redemptionActions('pending')).toEqual(['approve', 'reject']);
    expect(redemptionActions('approved')).toEqual([]);
  });

  it('opens engagement with either of its permissions, agents only with the cashier', () => {
    const ids = (permissions: string[]) => allowedSections(permissions).map((s) => s.id);
    expect(ids(['inbox'])).toContain('engagement');
    expect(ids(['inbox'])).not.toContain('agents');
    expect(ids(['cashier'])).toEqual(expect.arrayContaining(['agents', 'engagement']));
    expect(ids(['members'])).not.toContain('engagement');
  });

  it("puts the server's errors beside the broadcast inputs they name", () => {
    const fields = [{ field: 'body.title.en', message: 'Too long' }];
    expect(broadcastErrors({ code: 'request.invalid', message: 'Check', fields }, 'x')).toEqual({
      fields: { 'title.en': 'Too long' },
      form: null,
    });
    expect(broadcastErrors({ code: 'inbox.member_not_found', message: 'No such member' }, 'x')).toEqual({
      fields: { memberId: 'No such member' },
      form: null,
    });
    expect(broadcastErrors({ code: 'inbox.text_required', message: 'Write both' }, 'x')).toEqual({
      fields: {},
      form: 'Write both',
    });
    expect(broadcastErrors(new TypeError('offline'), 'Could not send')).toEqual({ fields: {}, form: 'Could not send' });
  });

  it('sends a promotion back without what the server keeps for itself', () => {
    const kept = { id: 3, createdAt: 'a', updatedAt: 'b', enabled: true, sort: 1 };
    expect(promotionInputOf(kept)).toEqual({ enabled: true, sort: 1 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralDetails } from '@khela/contracts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { maskUsername, REFERRAL_REWARD_KIND } from '../../src/modules/agents/referral/referral.ts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, fund, mainOf, type WalletMember } from '../wallet/helpers.ts';

const DETAILS = '/wps/relay/MCSFE_getReferralDetails';
const INVITATIONS = '/wps/member/referral/invitations';

interface InvitationPage {
  list: { username: string; registeredAt: string; earned: string }[];
  total: number;
  totalEarned: string;
}

let t: TestApp;
let merchantId: number;
let inviter: WalletMember;
let agent: WalletMember;
let trial: WalletMember;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  inviter = await createMember(t, merchantId);
  agent = await createMember(t, merchantId, { type: 1 });
  trial = await createMember(t, merchantId, { type: 4 });
});
afterAll(() => t.close());

const details = (who: WalletMember, autoGenerate?: string) =>
  t.get<ReferralDetails>(DETAILS, { headers: who.auth, query: autoGenerate ? { autoGenerate } : {} });

/** A member registered with `code` in the referral field (as the sign-up form sends ?referralCode=). */
async function invitee(code: string, username: string) {
  return memberRepository(t.db).insertUnder(
    t.db,
    { merchant_id: merchantId, username, password_hash: 'x', referral_code: code },
    null,
  );
}

describe('MCSFE_getReferralDetails', () => {
  it('makes the code once with autoGenerate=true and keeps it', async () => {
    const none = await details(inviter);
    expect(none.status).toBe(200);
    expect(none.body.value).toMatchObject({ referralCode: null, totalInvitations: 0, affiliateCode: null });

    const first = await details(inviter, 'true');
    expect(first.status).toBe(200);
    const code = first.body.value.referralCode!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await details(inviter, 'true');
    expect(again.body.value.referralCode).toBe(code);
    expect((await details(inviter)).body.value.referralCode).toBe(code);
    expect(first.body.value.promotionDomains).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
  });

  it('two concurrent first asks make a single code', async () => {
    const fresh = await createMember(t, merchantId);
    const answers = await Promise.all([details(fresh, 'true'), details(fresh, 'true'), details(fresh, 'true')]);
    const codes = new Set(answers.map((res) => res.body.value.referralCode));
    expect(codes.size).toBe(1);
    const rows = await t.db.selectFrom('member_referral_codes').selectAll().where('member_id', '=', fresh.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('counts the members who registered with the code (any case)', async () => {
    const code = (await details(inviter, 'true')).body.value.referralCode!;
    await invitee(code, `inv${Date.now().toString(36)}a`);
    await invitee(code.toLowerCase(), `inv${Date.now().toString(36)}b`);
    expect((await details(inviter)).body.value.totalInvitations).toBe(2);
  });

  it('gives an agent its affiliate code too', async () => {
    await t.db
      .updateTable('members')
      .set({ affiliate_code: `AF${agent.id}` })
      .where('id', '=', agent.id)
      .execute();
    const res = await details(agent, 'true');
    expect(res.body.value.affiliateCode).toBe(`AF${agent.id}`);
  });

  it('refuses trial users, visitors and junk autoGenerate', async () => {
    const res = await details(trial, 'true');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.trial_account');
    expect(
      await t.db.selectFrom('member_referral_codes').selectAll().where('member_id', '=', trial.id).execute(),
    ).toEqual([]);
    expect((await t.get(DETAILS)).status).toBe(401);
    expect((await details(inviter, 'yes')).status).toBe(400);
  });
});

describe('the invited members list', () => {
  it('lists invitees masked, newest first, with what each earned the inviter from the ledger', async () => {
    const inviter2 = await createMember(t, merchantId);
    const code = (await details(inviter2, 'true')).body.value.referralCode!;
    const older = await invitee(code, `old${Date.now().toString(36)}`);
    const newer = await invitee(code, `new${Date.now().toString(36)}`);
    await t.db
      .updateTable('members')
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where('id', '=', older.id)
      .execute();
    await fund(createLedger({ db: t.db }), merchantId, mainOf(inviter2), 5_000n, REFERRAL_REWARD_KIND, {
      inviteeId: String(older.id),
    });

    const res = await t.get<InvitationPage>(INVITATIONS, { headers: inviter2.auth });
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(2);
    expect(res.body.value.list.map((row) => row.username)).toEqual([
      maskUsername(newer.username),
      maskUsername(older.username),
    ]);
    expect(res.body.value.list.map((row) => row.earned)).toEqual(['0.00', '50.00']);
    expect(res.body.value.totalEarned).toBe('50.00');
  });

  it('is empty without a code, and refuses junk page sizes and trial users', async () => {
    const fresh = await createMember(t, merchantId);
    const res = await t.get<InvitationPage>(INVITATIONS, { headers: fresh.auth });
    expect(res.body.value).toMatchObject({ list: [], total: 0, totalEarned: '0.00' });
    for (const pageSize of ['0', '101', 'x']) {
      const bad = await t.get(INVITATIONS, { headers: fresh.auth, query: { pageSize } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('request.invalid');
    }
    expect((await t.get(INVITATIONS, { headers: trial.auth })).status).toBe(403);
  });

  it('masks usernames', () => {
    expect(maskUsername('player01')).toBe('pl***01');
    expect(maskUsername('abc')).toBe('a***');
  });
});

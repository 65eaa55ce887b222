import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_KIND_SWITCHES, errorCatalog, type ContractView, type WhitelabelNode } from '@khela/contracts';
import { loginAsAdmin, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';
import { liveContract, tier } from './contract-helpers.ts';

/** §2 "items depend on contract settings": which kinds of agent contract the merchant runs. */
const OFFER = '/wps/agent/contracts/offer';
const HOUSE_OFFER = '/admin/agent-contracts/offer';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let top: WalletMember;
let agent: WalletMember;
let houseAgent: WalletMember;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  top = await createMember(t, merchantId, { type: 1 });
  agent = await createMember(t, merchantId, { type: 1, upline: top });
  houseAgent = await createMember(t, merchantId, { type: 1 });
  for (const kind of ['hourly_salary', 'daily_salary'] as const) {
    await liveContract(t, merchantId, { memberId: top.id, kind, terms: { tiers: [tier(0, 0n, 100)] } });
  }
});
afterAll(async () => {
  await t?.close();
});

type Decision = { contract: ContractView };
const tiers = { tiers: [{ activeMembers: 0, validBet: '0', rate: '0.5' }] };
const offer = (kind: string, language = 'en') =>
  t.request<Decision>(
    'POST',
    OFFER,
    { username: agent.username, kind, terms: tiers },
    {
      headers: { ...top.auth, Language: language },
    },
  );
const setKind = (modId: string, enabled: boolean) =>
  t.request<{ modId: string; enabled: boolean }>('PUT', `/admin/switches/${modId}`, { enabled }, { headers: admin });
const contractCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('agent_contracts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function statusSwitches(): Promise<Record<string, string>> {
  const res = await t.get<{ info: { whitelabel: WhitelabelNode[] } }>('/wps/system/status');
  const policy = res.body.value.info.whitelabel.find((node) => node.modId === 'AGENTPOLICY3');
  return Object.fromEntries((policy?.childrenNodes ?? []).map((node) => [node.modId, node.enabled]));
}

describe('the contract kinds a merchant runs', () => {
  it('are four switches under AGENTPOLICY3, all on to start with, served to the site', async () => {
    expect(await statusSwitches()).toEqual({
      SIGNCONDIV3: '1',
      DAILYSALCONT3: '1',
      HOURSAL3: '1',
      RTSALARY3: '1',
    });
    expect(Object.values(CONTRACT_KIND_SWITCHES).sort()).toEqual(Object.keys(await statusSwitches()).sort());
  });

  it('are turned off under /admin with an audit row, and the site sees it', async () => {
    const off = await setKind('HOURSAL3', false);
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ modId: 'HOURSAL3', enabled: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'switches')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      entity_id: 'HOURSAL3',
      before: { enabled: true },
      after: { modId: 'HOURSAL3', enabled: false, parent: 'AGENTPOLICY3' },
    });
    expect((await statusSwitches()).HOURSAL3).toBe('0');
  });

  it('refuse an offer of a kind the merchant does not run (contract.kind_not_offered), creating nothing', async () => {
    const before = await contractCount();
    const refused = await offer('hourly_salary');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('contract.kind_not_offered');
    expect(refused.body.message).toBe(errorCatalog['contract.kind_not_offered'].en);
    const bn = await offer('hourly_salary', 'bn');
    expect(bn.body.message).toBe(errorCatalog['contract.kind_not_offered'].bn);
    const house = await t.request(
      'POST',
      HOUSE_OFFER,
      { username: houseAgent.username, kind: 'hourly_salary', terms: tiers },
      { headers: admin },
    );
    expect([house.status, house.body.code]).toEqual([403, 'contract.kind_not_offered']);
    expect(await contractCount()).toBe(before);

    // The kinds the merchant still runs are offered as before.
    const daily = await offer('daily_salary');
    expect(daily.status).toBe(200);
    expect(daily.body.value.contract).toMatchObject({ kind: 'daily_salary', state: 'offered' });
  });

  it('offer the kind again once it is back on', async () => {
    expect((await setKind('HOURSAL3', true)).status).toBe(200);
    const res = await offer('hourly_salary');
    expect(res.status).toBe(200);
    expect(res.body.value.contract).toMatchObject({ kind: 'hourly_salary', offerer: top.username });
  });

  it('refuse every offer while the agent contracts module (AGENTPOLICY3) itself is off', async () => {
    expect((await setKind('AGENTPOLICY3', false)).status).toBe(200);
    try {
      const res = await offer('daily_salary');
      expect(res.status).toBe(403);
    } finally {
      await setKind('AGENTPOLICY3', true);
    }
  });
});

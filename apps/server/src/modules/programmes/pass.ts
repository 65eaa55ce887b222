import type { Db } from '../../db/database.ts';
import { referralRewards } from '../agents/referral/rewards.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { rebates } from '../rebates/rebates.ts';
import { vipRanks } from '../vip/vip.ts';

/**
 * The house-paid programmes' one worker pass (referral rewards, rebates, VIP ranks): each walks its
 * own closed periods with the shared cursor loop (closed-periods.ts), under its own cursor, keys
 * and records. VIP goes first, so the rank a month opens with is recorded before that month's
 * rebate days are paid (rebates by VIP level read it).
 */
export function programmesPass({ db, ledger }: { db: Db; ledger: Ledger }) {
  const vip = vipRanks({ db, ledger });
  const referral = referralRewards({ db, ledger });
  const rebate = rebates({ db, ledger });
  return async function runPass(now: Date) {
    const vipResult = await vip.runPass(now);
    const referralResult = await referral.runPass(now);
    const rebateResult = await rebate.runPass(now);
    return { vip: vipResult, referral: referralResult, rebates: rebateResult };
  };
}

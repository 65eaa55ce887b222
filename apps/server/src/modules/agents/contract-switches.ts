import { CONTRACT_KIND_SWITCHES, type ContractKind } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { switchIsOn } from '../../http/route.ts';

/**
 * §2 "items depend on contract settings": a contract of a kind the merchant does not run (its
 * switch under AGENTPOLICY3 is off, CONTRACT_KIND_SWITCHES) cannot be offered, by an agent or by
 * the house. Read from the database, so an operator's change holds at once on every instance.
 */
export async function requireContractKindRun(db: Db, merchantId: number, kind: ContractKind): Promise<void> {
  if (!(await switchIsOn(db, merchantId, CONTRACT_KIND_SWITCHES[kind]))) {
    throw new AppError('contract.kind_not_offered');
  }
}

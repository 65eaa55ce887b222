import type { MissionSummary } from '@khela/contracts';
import { formatAmount } from '../../../lib/format.ts';

/** A reached value or target as shown: money for amount goals, a plain count for rounds. */
export function showValue(goalType: MissionSummary['goalType'], value: string): string {
  return goalType === 'rounds' ? value : formatAmount(value);
}

/** Share of the target reached, 0–100. */
export function percentOf(value: string, target: string): number {
  const reached = Number(value);
  const goal = Number(target);
  if (!(goal > 0) || !Number.isFinite(reached)) return 0;
  return Math.max(0, Math.min(100, Math.floor((reached / goal) * 100)));
}

import type { ActivityStatus } from '@khela/contracts';

/**
 * The §4 activity statuses as one state machine: the only way a participation's status changes.
 *
 * - coming_soon: the promotion has not started; join: open to the member (no participation yet).
 * - joined: waiting for its trigger (a deposit, the bet volume of the period); process: the bet
 *   volume is counting; claim: the reward is ready to claim (join and sign-up promotions).
 * - signed: the daily check-in is done and paid; claimed: the member claimed and was paid; issued:
 *   paid without a claim (deposit, bet volume) or on approval; applying: waiting for the operator.
 * - rejected: the operator refused; close: the period or the promotion ended without a reward.
 */
export const TRANSITIONS: Readonly<Record<ActivityStatus, readonly ActivityStatus[]>> = {
  coming_soon: ['join', 'close'],
  join: ['joined', 'claim', 'signed', 'applying', 'close'],
  joined: ['process', 'issued', 'applying', 'close'],
  process: ['issued', 'applying', 'close'],
  claim: ['claimed', 'applying', 'close'],
  applying: ['issued', 'rejected'],
  signed: [],
  issued: [],
  claimed: [],
  rejected: [],
  close: [],
};

/** A reward in these states is money paid: the participation's ledger transaction exists. */
export const PAID_STATUSES: readonly ActivityStatus[] = ['signed', 'issued', 'claimed'];

export function canMove(from: ActivityStatus, to: ActivityStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The next status, or a refusal naming the forbidden move. */
export function move(
  from: ActivityStatus,
  to: ActivityStatus,
):
  | { ok: true; status: ActivityStatus }
  | { ok: false; code: 'promotion.invalid_transition'; from: ActivityStatus; to: ActivityStatus } {
  return canMove(from, to) ? { ok: true, status: to } : { ok: false, code: 'promotion.invalid_transition', from, to };
}

import type { AdminContractView, ContractKind } from '@khela/contracts';

export type OfferField = 'username' | 'kind' | 'period' | 'tiers' | 'profitRate' | 'lossRate';

/** Codes of the offer call that belong to one input of the offer form rather than to the whole form. */
const OFFER_CODE_FIELDS: Record<string, (kind: ContractKind) => OfferField> = {
  'contract.member_not_found': () => 'username',
  'contract.not_direct_downline': () => 'username',
  'contract.kind_not_offered': () => 'kind',
  'contract.invalid_period': () => 'period',
  'contract.invalid_tiers': () => 'tiers',
  'contract.overlapping_tiers': () => 'tiers',
  'contract.invalid_rate': (kind) => (kind === 'realtime_salary' ? 'profitRate' : 'tiers'),
};

/**
 * The server's answer to an offer spread over its form: a code that names one input beside it
 * (a bad rate beside the tiers, or the real-time rates), a schema error beside its field, anything
 * else above the buttons.
 */
export function offerErrors(
  error: unknown,
  kind: ContractKind,
  fallback: string,
): { fields: Partial<Record<OfferField, string>>; form: string | null } {
  const failure = error as { code?: unknown; message?: string; fields?: readonly { field: string; message: string }[] };
  if (!failure || typeof failure.code !== 'string') return { fields: {}, form: fallback };
  const fields: Partial<Record<OfferField, string>> = {};
  for (const { field, message } of failure.fields ?? []) {
    const name = field.replace(/^body\./, '').split('.')[0] as OfferField;
    if (['username', 'kind', 'period', 'tiers', 'profitRate', 'lossRate'].includes(name)) fields[name] ??= message;
    else if (name === ('terms' as OfferField)) {
      const inner = field.replace(/^body\.terms\./, '').split('.')[0] as OfferField;
      fields[inner === 'period' || inner === 'profitRate' || inner === 'lossRate' ? inner : 'tiers'] ??= message;
    }
  }
  const own = OFFER_CODE_FIELDS[failure.code]?.(kind);
  if (own) fields[own] ??= failure.message ?? fallback;
  return { fields, form: Object.keys(fields).length ? null : (failure.message ?? fallback) };
}

/** Only the house's own contracts are an operator's to end (a pending offer is withdrawn); an ended one stays. */
export function canTerminate(contract: Pick<AdminContractView, 'offererId' | 'state'>): boolean {
  return contract.offererId === null && ['offered', 'active', 'termination_requested'].includes(contract.state);
}

export interface TierDraft {
  activeMembers: string;
  validBet: string;
  rate: string;
}

/** The offer form's terms as the call takes them: a dividend names its period, real-time has two rates, the rest tiers. */
export function termsOf(
  kind: ContractKind,
  draft: { period: string; tiers: readonly TierDraft[]; profitRate: string; lossRate: string },
) {
  if (kind === 'realtime_salary') return { profitRate: draft.profitRate.trim(), lossRate: draft.lossRate.trim() };
  const tiers = draft.tiers
    .filter((tier) => tier.activeMembers.trim() || tier.validBet.trim() || tier.rate.trim())
    .map((tier) => ({
      activeMembers: tier.activeMembers.trim(),
      validBet: tier.validBet.trim(),
      rate: tier.rate.trim(),
    }));
  return kind === 'dividend' ? { period: draft.period, tiers } : { tiers };
}

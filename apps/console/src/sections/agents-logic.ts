export type PayoutAction = 'hold' | 'rerun';

/** What an operator may do to a period (§4): a paid one neither holds nor pays again; a held or skipped one re-runs. */
export function payoutActions(status: 'held' | 'paid' | 'skipped'): PayoutAction[] {
  if (status === 'held') return ['rerun'];
  if (status === 'skipped') return ['hold', 'rerun'];
  return [];
}

export type RedemptionAction = 'approve' | 'reject';

/** Only a pending redemption is decided; a decided one shows its outcome. */
export function redemptionActions(status: 'pending' | 'approved' | 'rejected'): RedemptionAction[] {
  return status === 'pending' ? ['approve', 'reject'] : [];
}

/** Codes of the broadcast call that belong to one input rather than to the whole form. */
const BROADCAST_CODE_FIELDS: Record<string, string> = {
  'inbox.member_not_found': 'memberId',
  'inbox.vip_level_not_found': 'vipLevel',
};

/**
 * The server's answer to a broadcast spread over its form: `body.title.en` beside the English title,
 * a code that names one input beside it, anything else above the button.
 */
export function broadcastErrors(
  error: unknown,
  fallback: string,
): { fields: Record<string, string>; form: string | null } {
  const failure = error as { code?: unknown; message?: string; fields?: readonly { field: string; message: string }[] };
  if (!failure || typeof failure.code !== 'string') return { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  for (const { field, message } of failure.fields ?? []) fields[field.replace(/^body\./, '')] ??= message;
  const own = BROADCAST_CODE_FIELDS[failure.code];
  if (own) fields[own] ??= failure.message ?? fallback;
  return { fields, form: Object.keys(fields).length ? null : (failure.message ?? fallback) };
}

/** A promotion as kept, back to the input its update takes (every field is sent again). */
export function promotionInputOf<P extends { id: number; createdAt: string; updatedAt: string }>(
  promotion: P,
): Omit<P, 'id' | 'createdAt' | 'updatedAt'> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...input } = promotion;
  return input;
}

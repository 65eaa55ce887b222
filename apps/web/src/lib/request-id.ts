/**
 * The idempotency id of one confirmed money submission (§4): made once when the member confirms,
 * reused by every retry of that submission (so a lost answer never moves money twice), and
 * dropped only after the server answered (success or a refusal) or the inputs change.
 */
export interface RequestIdHolder {
  /** The id of the submission in progress, created on first use. */
  current(): string;
  /** The server answered: the next confirmation is a new submission. */
  settle(): void;
}

export function requestIdHolder(create: () => string = () => crypto.randomUUID()): RequestIdHolder {
  let id: string | null = null;
  return {
    current: () => (id ??= create()),
    settle: () => {
      id = null;
    },
  };
}

/** A network failure or a time-out leaves the outcome unknown: keep the id and let the member retry. */
export function isOutcomeUnknown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const status = (error as { status?: unknown } | null)?.status;
  return code === 'client.network' || code === 'client.bad_response' || (typeof status === 'number' && status >= 500);
}

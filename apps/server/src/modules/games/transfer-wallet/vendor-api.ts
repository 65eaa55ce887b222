import {
  transferWalletAnswers,
  type TransferWalletAnswer,
  type TransferWalletCall,
  type TransferWalletRequest,
} from '@khela/contracts';
import { signSeamlessRequest } from '../../seamless/signature.ts';

/** How long we wait for a transfer vendor's answer before the call counts as uncertain. */
export const TRANSFER_CALL_TIMEOUT_MS = 5_000;

/**
 * A call whose outcome we do not know: no answer in time, a broken connection, a server error
 * or an answer we cannot read. A deposit or withdrawal in this state is left pending, checked
 * with `status` and retried with the same reference (transfers.ts); never assumed either way.
 */
export class TransferUncertainError extends Error {
  constructor(
    readonly call: TransferWalletCall,
    reason: string,
  ) {
    super(`transfer vendor ${call}: ${reason}`);
    this.name = 'TransferUncertainError';
  }
}

export interface TransferIntegration {
  code: string;
  apiUrl: string;
  secret: string;
}

/**
 * Our side of the transfer-wallet protocol (packages/contracts transfer-wallet.ts): signed JSON
 * POSTs to the vendor, answers checked against the protocol's schemas.
 */
export function transferVendorApi(integration: TransferIntegration, timeoutMs = TRANSFER_CALL_TIMEOUT_MS) {
  return async function call<C extends TransferWalletCall>(
    name: C,
    body: TransferWalletRequest<C>,
  ): Promise<TransferWalletAnswer<C>> {
    const payload = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    let response: Response;
    try {
      response = await fetch(`${integration.apiUrl.replace(/\/+$/, '')}/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signSeamlessRequest(integration.secret, timestamp, payload),
        },
        body: payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TransferUncertainError(name, (error as Error).name === 'TimeoutError' ? 'timed out' : 'no answer');
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new TransferUncertainError(name, `HTTP ${response.status}, not JSON`);
    }
    const parsed = transferWalletAnswers[name].safeParse(answer);
    if (!parsed.success) throw new TransferUncertainError(name, `HTTP ${response.status}, unexpected answer`);
    return parsed.data as TransferWalletAnswer<C>;
  };
}
export type TransferVendorApi = ReturnType<typeof transferVendorApi>;

import { importPublicKey, sealPayload } from '@khela/contracts';

/**
 * The sealing of E calls (log-in, sign-up, passwords): loaded by api-client.ts with the first
 * such call, not with the first screen, which makes none (issue 3 item 11).
 */
export { importPublicKey, sealPayload };

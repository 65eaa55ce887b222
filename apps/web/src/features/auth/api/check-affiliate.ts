import { memberEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `GET /wps/agent/affiliate`: whether the code belongs to an active agent (§8 invitation code). */
export async function checkAffiliate(code: string, domain: string): Promise<boolean> {
  const { valid } = await call(memberEndpoints.affiliate, { query: { code, domain } });
  return valid;
}

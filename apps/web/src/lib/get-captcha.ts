import { supportEndpoints, type ValueOf } from '@khela/contracts';
import { call } from './api-client.ts';

export type Captcha = ValueOf<typeof supportEndpoints.captcha>;

/**
 * §7 `GET /wps/captcha`: a single-use image (data URL) and its id. Not a cached query: every
 * load must be a new captcha, and §9 limits refreshing to once per second (see use-captcha).
 */
export function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return call(supportEndpoints.captcha, { signal });
}

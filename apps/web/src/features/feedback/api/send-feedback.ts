import { useMutation } from '@tanstack/react-query';
import { supportEndpoints, type BodyOf, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';

export type FeedbackBody = BodyOf<typeof supportEndpoints.feedback>;
type FeedbackResult = ValueOf<typeof supportEndpoints.feedback>;

/** §7 `PUT /wps/feedback` with `{ type, content, sender, captcha, captchaId }`. */
export function sendFeedback(body: FeedbackBody): Promise<FeedbackResult> {
  return call(supportEndpoints.feedback, { body });
}

export function useSendFeedback() {
  return useMutation<FeedbackResult, ApiError, FeedbackBody>({ mutationFn: sendFeedback });
}

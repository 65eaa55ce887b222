import { useMutation } from '@tanstack/react-query';
import { endpoints, type BodyOf, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';

export type FeedbackBody = BodyOf<typeof endpoints.support.feedback>;
type FeedbackResult = ValueOf<typeof endpoints.support.feedback>;

/** §7 `PUT /wps/feedback` with `{ type, content, sender, captcha, captchaId }`. */
export function sendFeedback(body: FeedbackBody): Promise<FeedbackResult> {
  return call(endpoints.support.feedback, { body });
}

export function useSendFeedback() {
  return useMutation<FeedbackResult, ApiError, FeedbackBody>({ mutationFn: sendFeedback });
}

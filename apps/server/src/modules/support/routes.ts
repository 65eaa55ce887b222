import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../http/route.ts';
import { captchaService } from '../captcha/captcha-service.ts';
import { feedbackService } from './feedback-service.ts';

export function registerSupportRoutes(app: FastifyInstance, deps: AppDeps) {
  const captchas = captchaService(deps);
  const feedback = feedbackService({ ...deps, captchas });

  registerEndpoint(app, deps, endpoints.support.captcha, ({ merchant, ip, reply }) => {
    // Each image is single use: no cache may hand it out twice.
    reply.header('cache-control', 'no-store');
    return captchas.issue(merchant.id, ip);
  });

  registerEndpoint(app, deps, endpoints.support.feedback, async ({ merchant, ip, body }) => ({
    id: await feedback.submit(merchant.id, body, ip),
  }));
}

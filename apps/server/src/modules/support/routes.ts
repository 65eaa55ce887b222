import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';

export function registerSupportRoutes(_app: FastifyInstance, _deps: AppDeps) {}

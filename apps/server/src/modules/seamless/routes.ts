import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Histogram } from 'prom-client';
import { z } from 'zod';
import { endpoints, seamlessEndpoints, type EndpointDef, type SeamlessOkResponse } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { sendError } from '../../http/error-handler.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { memberRepository } from '../members/repository.ts';
import { betBatches } from './bet-batches.ts';
import { issueGameSession } from './game-sessions.ts';
import { SeamlessError } from './protocol.ts';
import { seamlessWallet } from './seamless-wallet.ts';
import { verifySeamlessSignature } from './signature.ts';
import { vendorAdmin } from './vendor-admin.ts';
import { cachedVendors, vendorRepository, type VendorRow } from './vendors.ts';

const UNKNOWN_VENDOR_SECRET = randomBytes(32).toString('hex');

type VendorHandler<B> = (vendor: VendorRow, body: B) => Promise<SeamlessOkResponse>;

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request_uuid of a body that proved to be the vendor's, so even a refusal names its request. */
function requestUuidOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('request_uuid' in body)) return null;
  const id = (body as { request_uuid: unknown }).request_uuid;
  return typeof id === 'string' && id.length <= 64 ? id : null;
}

function sendSeamlessError(reply: FastifyReply, error: SeamlessError, requestUuid: string | null) {
  return reply.status(error.httpStatus).send({ status: error.status, request_uuid: requestUuid, ...error.extra });
}

/**
 * The seamless wallet's HTTP face (issue 5 item 5). These routes live in their own scope: the
 * body arrives as raw bytes (the signature covers exactly them), and every answer, refusals
 * included, is in the vendor protocol's shape rather than the player envelope. In order: the
 * vendor (from the path), the signature and timestamp, the JSON, the contract, then the wallet.
 */
export function registerSeamlessRoutes(app: FastifyInstance, deps: AppDeps, options: { devEndpoints?: boolean } = {}) {
  const vendors = vendorRepository(deps.db, deps.secrets);
  const activeVendor = cachedVendors(vendors);
  const batchSizes = new Histogram({
    name: 'seamless_bet_batch_size',
    help: 'Seamless bets written by one statement and commit (group commit)',
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [app.metrics],
  });
  const bets = betBatches(deps.db, { onBatch: (size) => batchSizes.observe(size) });
  const wallet = seamlessWallet({ db: deps.db, ledger: createLedger({ db: deps.db }), bets });

  function bind<E extends EndpointDef>(
    scope: FastifyInstance,
    def: E,
    handler: VendorHandler<E['body'] extends z.ZodType ? z.output<E['body']> : never>,
  ) {
    scope.route({
      method: def.method,
      url: def.path,
      config: { endpoint: def },
      handler: async (req, reply) => {
        let requestUuid: string | null = null;
        try {
          const { vendor: code } = req.params as { vendor: string };
          const vendor = /^[A-Z0-9_]{2,32}$/.test(code) ? await activeVendor(code) : undefined;
          const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const signed = verifySeamlessSignature({
            // An unknown vendor is checked against a random key: the same work, and never a match.
            secret: vendor?.secret ?? UNKNOWN_VENDOR_SECRET,
            timestamp: headerOf(req, 'x-timestamp'),
            signature: headerOf(req, 'x-signature'),
            rawBody,
          });
          // An unknown vendor is answered like a bad signature: nothing tells which codes exist.
          if (!vendor || !signed) throw new SeamlessError('RS_ERROR_INVALID_SIGNATURE');
          let json: unknown;
          try {
            json = JSON.parse(rawBody.toString('utf8'));
          } catch {
            throw new SeamlessError('RS_ERROR_WRONG_SYNTAX');
          }
          requestUuid = requestUuidOf(json);
          const parsed = def.body!.safeParse(json);
          if (!parsed.success) throw new SeamlessError('RS_ERROR_WRONG_TYPES');
          const response = await handler(vendor, parsed.data as never);
          if (deps.validateResponses && !def.response.safeParse(response).success) {
            throw new Error(`response of ${def.name} does not match its contract`);
          }
          return reply.status(200).send(response);
        } catch (error) {
          if (error instanceof SeamlessError) return sendSeamlessError(reply, error, requestUuid);
          req.log.error({ err: error, endpoint: def.name }, 'seamless call failed');
          return sendSeamlessError(reply, new SeamlessError('RS_ERROR_UNKNOWN'), requestUuid);
        }
      },
    });
  }

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // Failures before the handler (a body over the limit, a broken stream) in the protocol's shape too.
    scope.setErrorHandler((error: { statusCode?: number }, req, reply) => {
      const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
      if (!clientError) req.log.error({ err: error }, 'seamless call failed');
      return sendSeamlessError(
        reply,
        new SeamlessError(clientError ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN'),
        null,
      );
    });
    bind(scope, seamlessEndpoints.balance, (vendor, body) => wallet.balance(vendor, body));
    bind(scope, seamlessEndpoints.bet, (vendor, body) => wallet.bet(vendor, body));
    bind(scope, seamlessEndpoints.win, (vendor, body) => wallet.win(vendor, body));
    bind(scope, seamlessEndpoints.rollback, (vendor, body) => wallet.rollback(vendor, body));
  });

  const admin = vendorAdmin(deps);
  registerEndpoint(app, deps, endpoints.admin.vendors.list, ({ merchant }) => admin.list(merchant.id));
  registerEndpoint(app, deps, endpoints.admin.vendors.create, (ctx) => admin.create(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, endpoints.admin.vendors.update, (ctx) =>
    admin.update(operatorActor(ctx), ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, endpoints.admin.vendors.rotateSecret, (ctx) =>
    admin.rotateSecret(operatorActor(ctx), ctx.params.id),
  );

  if (options.devEndpoints) registerDevGameSession(app, deps, vendors);
}

const devGameSessionBody = z.object({
  username: z.string().trim().min(1).max(64),
  vendor: z.string().trim().min(1).max(32),
});

/**
 * POST /dev/game-session {username, vendor} → a game session token, so the seamless API can be
 * tried by hand before the game launch issues them. Development only (DEV_ENDPOINTS).
 */
function registerDevGameSession(app: FastifyInstance, deps: AppDeps, vendors: ReturnType<typeof vendorRepository>) {
  app.post('/dev/game-session', async (req, reply) => {
    const parsed = devGameSessionBody.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    if (!req.merchant) return sendError(req, reply, 'merchant.invalid_url');
    const vendor = await vendors.activeByCode(parsed.data.vendor);
    const member = await memberRepository(deps.db).byUsername(req.merchant.id, parsed.data.username);
    if (!vendor || vendor.merchant_id !== req.merchant.id || !member) return sendError(req, reply, 'request.not_found');
    const session = await issueGameSession(
      deps.db,
      { id: member.id, merchantId: member.merchant_id },
      { id: vendor.id, merchantId: vendor.merchant_id },
    );
    return reply.send({ success: true, value: { token: session.token, expiresAt: session.expiresAt.toISOString() } });
  });
}

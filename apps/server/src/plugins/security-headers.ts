import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The calls that answer JSON (or an event stream), never a document: the wire (§7) and the operator API. */
const JSON_API_PREFIXES = ['/wps/', '/lgw/', '/admin/'];

/**
 * What a JSON answer needs of helmet's set (OWASP REST Security cheat sheet, docs/adr/0026): no
 * sniffing it into a script or a page, no reading it from another origin's page, no framing it —
 * and a policy that lets it load nothing, should it ever be opened as a document. The rest of
 * helmet's headers (the site's CSP, COOP, Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) govern a document and
 * what it loads: on a JSON answer they are bytes every lobby read pays for (bench:lobby).
 */
const JSON_API_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

export function isJsonApiPath(url: string): boolean {
  return JSON_API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Security headers: helmet's full set on documents (the site, the console, the sandbox pages, the
 * API docs) and files; the few that mean something on a JSON answer on the API's calls.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { devEndpoints?: boolean | undefined }) {
  // Built once: @fastify/helmet built the middleware again on every request.
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        mediaSrc: ["'self'", 'https:'],
        // Game vendors' pages play in the game frame (/seamless); the development sandbox vendor
        // is served over plain HTTP beside the server, so development (DEV_ENDPOINTS) allows it.
        // 'self': the live chat's development sandbox room (/sandbox/chat) opens in a frame too.
        frameSrc: options.devEndpoints ? ["'self'", 'https:', 'http:'] : ["'self'", 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Plain-HTTP demos on localhost must keep working; production sits behind HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!isJsonApiPath(req.url)) return documentHeaders(req.raw, reply.raw, () => done());
    for (const [name, value] of JSON_API_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import { allEndpoints, buildOpenApi } from '@khela/contracts';

/** The OpenAPI document generated from the registry, and a page that lists the calls. */
export function registerApiDocs(app: FastifyInstance, version: string) {
  const document = buildOpenApi(allEndpoints(), version);
  app.get('/api-docs/json', async () => document);
  app.get('/api-docs', async (_req, reply) => {
    const rows = allEndpoints()
      .map(
        (e) =>
          `<tr><td>${e.method}</td><td><code>${e.path}</code></td><td>${e.auth === 'none' ? '' : e.auth}</td><td>${e.encrypted ? 'E' : ''}</td><td>${e.summary}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Khela API</title><style>body{font:14px system-ui;margin:2rem}td{padding:.25rem .5rem;border-bottom:1px solid #ddd}</style></head><body><h1>Khela API</h1><p>Machine-readable: <a href="/api-docs/json">/api-docs/json</a> (OpenAPI 3.0).</p><table><thead><tr><th>Method</th><th>Path</th><th>Auth</th><th>Enc.</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table></body></html>`,
      );
  });
}

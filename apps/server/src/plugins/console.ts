import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { cacheControlFor } from './web.ts';

/**
 * Issue 16 (docs/adr/0023): the operator console, its own build (apps/console/dist), under
 * /console of the same server; any other /console path is one of its client-side routes.
 */
export async function registerConsole(app: FastifyInstance, consoleDist: string | undefined) {
  const index = consoleDist && join(consoleDist, 'index.html');
  await app.register(
    async (scope) => {
      if (consoleDist && index && existsSync(index)) {
        await scope.register(fastifyStatic, {
          root: consoleDist,
          wildcard: false,
          index: ['index.html'],
          preCompressed: true,
          cacheControl: false,
          // The web app's registration owns reply.sendFile.
          decorateReply: false,
          setHeaders: (reply, path) => {
            reply.header('cache-control', cacheControlFor(relative(consoleDist, path)));
          },
        });
      }
      scope.setNotFoundHandler(async (req, reply) => {
        // A missing file (an old chunk, a typo) is a 404; any other path is a route of the console.
        if (req.method !== 'GET' || /\.\w+$/.test(req.url.split('?')[0]!)) {
          return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        }
        if (!index || !existsSync(index)) {
          return reply
            .status(503)
            .type('text/plain; charset=utf-8')
            .send('The operator console is not built: run `npm run build` (npm start does it for you).');
        }
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(await readFile(index));
      });
    },
    { prefix: '/console' },
  );
}

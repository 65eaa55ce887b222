import type { FastifyReply, FastifyRequest } from 'fastify';

/** Proxies close idle connections after about a minute: a comment line keeps the stream alive. */
export const HEARTBEAT_MS = 25_000;

export interface EventStream {
  send(event: string, data: unknown, id?: string): void;
  close(): void;
}

/**
 * Turns the reply into a server-sent-events stream (text/event-stream): the handler hijacks it,
 * so the envelope is not sent (http/route.ts). `onClose` runs once the client has gone.
 */
export function openEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  { heartbeatMs = HEARTBEAT_MS, onClose }: { heartbeatMs?: number | undefined; onClose: () => void },
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  raw.write(': connected\n\n');
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  raw.on('close', () => {
    clearInterval(heartbeat);
    onClose();
  });
  return {
    send(event, data, id) {
      raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      raw.end();
    },
  };
}

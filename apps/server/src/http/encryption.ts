import type { FastifyRequest } from 'fastify';
import { openSealed, SealError } from '@khela/contracts';
import { AppError } from './app-error.ts';

/** The server's key pair for E calls (ARCHITECTURE §3). */
export interface WireKeys {
  keyId: string;
  publicKeyPem: string;
  privateKey: CryptoKey;
}

declare module 'fastify' {
  interface FastifyInstance {
    wireKeys: WireKeys;
  }
}

/** Opens the sealed body of an E call; a plaintext body or one that does not decrypt is refused. */
export async function openEncryptedBody(req: FastifyRequest): Promise<unknown> {
  const header = req.headers.encryption;
  const body = req.body as { value?: unknown } | undefined;
  if (typeof header !== 'string' || !header || typeof body?.value !== 'string' || Object.keys(body).length !== 1) {
    throw new AppError('request.encryption_required');
  }
  try {
    return await openSealed(req.server.wireKeys.privateKey, header, body.value);
  } catch (error) {
    if (error instanceof SealError) throw new AppError('request.decryption_failed');
    throw error;
  }
}

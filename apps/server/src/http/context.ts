import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@khela/contracts';

export interface MerchantContext {
  id: number;
  code: string;
  name: string;
  currency: string;
  defaultLanguage: Language;
  languages: Language[];
  /** merchants.time_zone (migration 0019): the calendar its days are counted in, records' windows too. */
  timeZone: string;
}

export interface OperatorContext {
  id: number;
  username: string;
  role: 'superadmin' | 'content' | 'settings' | 'support';
  merchantId: number;
  merchantCode: string;
}

/** The logged-in player (member auth strategy). */
export interface MemberContext {
  id: number;
  username: string;
  /** §6: 0 member; 1, 2, 41, 42 agent; 4 trial. */
  type: number;
  merchantId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved from the Merchant header or the host (ARCHITECTURE §1). */
    merchant: MerchantContext | null;
    language: Language;
    operator: OperatorContext | null;
    /** Set for 'member' calls, and for 'optional-member' calls that carry a live token. */
    member: MemberContext | null;
    /** The decrypted payload of an E call. */
    openedBody: unknown;
    /**
     * The client's address, read once when the request arrives: `req.ip` reads the socket, which
     * an aborted request no longer has. '' when unknown.
     */
    clientIp: string;
  }
}

export interface HandlerContext<P, Q, B> {
  req: FastifyRequest;
  reply: FastifyReply;
  merchant: MerchantContext;
  language: Language;
  ip: string;
  params: P;
  query: Q;
  body: B;
}

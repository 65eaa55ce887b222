import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

/** The codings a client accepts (Accept-Encoding), a q of 0 meaning "not this one". */
function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Browsers send a handful of Accept-Encoding values: each is read once. */
const codings = new Map<string, 'br' | 'gzip' | null>();
function preferredCoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let coding = codings.get(header);
  if (coding === undefined) {
    coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : null;
    if (codings.size >= 100) codings.clear();
    codings.set(header, coding);
  }
  return coding;
}

/**
 * An answer serialized once and sent as it is, many times (the cached lobby reads): the whole
 * envelope's JSON text, and its brotli and gzip forms, each made on first need and kept with it.
 * A handler returns one instead of a value; the route sends it without checking or serializing it
 * again (the cache checked it against the contract when it made it). Browsers always accept a
 * compressed answer, and a page of games is an eighth of its size compressed: the socket, not
 * the server, was what a lobby read cost most (bench:lobby).
 */
export class SerializedEnvelope {
  #brotli: Buffer | undefined;
  #gzip: Buffer | undefined;

  constructor(readonly json: string) {}

  static of(value: unknown): SerializedEnvelope {
    return new SerializedEnvelope(JSON.stringify({ success: true, value: value ?? null }));
  }

  /** The body for a client's Accept-Encoding, and the coding it is in (none: the JSON as it is). */
  body(acceptEncoding: string | undefined): { payload: string | Buffer; encoding: 'br' | 'gzip' | null } {
    const coding = this.json.length >= MIN_COMPRESSED_BYTES ? preferredCoding(acceptEncoding) : null;
    if (coding === 'br') {
      this.#brotli ??= brotliCompressSync(this.json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
      return { payload: this.#brotli, encoding: 'br' };
    }
    if (coding === 'gzip') {
      this.#gzip ??= gzipSync(this.json, { level: 6 });
      return { payload: this.#gzip, encoding: 'gzip' };
    }
    return { payload: this.json, encoding: null };
  }
}

import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers go as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

/** Brotli as a request may wait for it: under a millisecond for a page of games. */
const QUICK_BROTLI_QUALITY = 6;
/**
 * Brotli at its best, for an answer sent many times: the game list 8 % and the lanes 11 % smaller
 * than at 6 (bench:lobby), but 25–30 ms of CPU each — made on libuv's threads, never in a request.
 */
const BEST_BROTLI_QUALITY = 11;

function brotliOptions(json: string, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
    },
  };
}

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
  #bestBrotli: Promise<void> | undefined;
  #revision = 0;

  constructor(readonly json: string) {}

  static of(value: unknown): SerializedEnvelope {
    return new SerializedEnvelope(JSON.stringify({ success: true, value: value ?? null }));
  }

  /** Goes up when a body changes (a better compression came in): a copy of the last one is stale. */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Compresses the brotli body at the best quality in the background, once (an answer the hot-read
   * fast path has replayed often: what each visitor downloads, and every byte the server and a
   * phone on a slow network handle). Until it is in, `body` gives the quick one. Settles when done.
   */
  compressBest(): Promise<void> {
    if (this.json.length < MIN_COMPRESSED_BYTES) return Promise.resolve();
    this.#bestBrotli ??= new Promise((resolve) => {
      brotliCompress(this.json, brotliOptions(this.json, BEST_BROTLI_QUALITY), (error, best) => {
        if (!error && best.length < (this.#brotli?.length ?? Infinity)) {
          this.#brotli = best;
          this.#revision++;
        }
        resolve();
      });
    });
    return this.#bestBrotli;
  }

  /** The body for a client's Accept-Encoding, and the coding it is in (none: the JSON as it is). */
  body(acceptEncoding: string | undefined): { payload: string | Buffer; encoding: 'br' | 'gzip' | null } {
    const coding = this.json.length >= MIN_COMPRESSED_BYTES ? preferredCoding(acceptEncoding) : null;
    if (coding === 'br') {
      this.#brotli ??= brotliCompressSync(this.json, brotliOptions(this.json, QUICK_BROTLI_QUALITY));
      return { payload: this.#brotli, encoding: 'br' };
    }
    if (coding === 'gzip') {
      this.#gzip ??= gzipSync(this.json, { level: 6 });
      return { payload: this.#gzip, encoding: 'gzip' };
    }
    return { payload: this.json, encoding: null };
  }
}

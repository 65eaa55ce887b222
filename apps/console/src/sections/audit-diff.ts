/** One line of an audit entry's before → after, flattened to a dotted path (`title.en`, `imageCDNs.0`). */
export interface DiffLine {
  path: string;
  before: string | undefined;
  after: string | undefined;
  kind: 'added' | 'removed' | 'changed' | 'same';
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
    return;
  }
  if (value === undefined) return;
  out.set(prefix || '·', typeof value === 'string' ? value : JSON.stringify(value));
}

/** The readable diff of an entry: every path of either side, changes first, in the sides' own order. */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const was = new Map<string, string>();
  const is = new Map<string, string>();
  if (before !== null) flatten(before, '', was);
  if (after !== null) flatten(after, '', is);
  const paths = [...new Set([...was.keys(), ...is.keys()])];
  const lines = paths.map((path): DiffLine => {
    const [b, a] = [was.get(path), is.get(path)];
    const kind = b === undefined ? 'added' : a === undefined ? 'removed' : a === b ? 'same' : 'changed';
    return { path, before: b, after: a, kind };
  });
  return [...lines.filter((l) => l.kind !== 'same'), ...lines.filter((l) => l.kind === 'same')];
}

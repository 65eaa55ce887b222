// The error-code table of docs/api.md, from packages/contracts/src/errors.ts.
// `node --import tsx scripts/docs-error-codes.ts` rewrites the table between its markers;
// `-- --check` only reports whether the page is out of date (exit 1).
import { readFileSync, writeFileSync } from 'node:fs';
import { errorCatalog } from '@khela/contracts';

const START = '<!-- error-codes:start -->';
const END = '<!-- error-codes:end -->';
const page = new URL('../docs/api.md', import.meta.url);

const rows = Object.entries(errorCatalog).map(([code, { status, en }]) => `| \`${code}\` | ${status} | ${en} |`);
const table = ['| code | HTTP | English message |', '| --- | --- | --- |', ...rows].join('\n');

const current = readFileSync(page, 'utf8');
const start = current.indexOf(START);
const end = current.indexOf(END);
if (start < 0 || end < start) {
  console.error(`docs/api.md has no ${START} … ${END} block`);
  process.exit(1);
}
const updated = `${current.slice(0, start + START.length)}\n\n${table}\n\n${current.slice(end)}`;

if (process.argv.includes('--check')) {
  if (updated !== current) {
    console.error('docs/api.md error codes are out of date: run `node --import tsx scripts/docs-error-codes.ts`.');
    process.exit(1);
  }
} else {
  writeFileSync(page, updated);
  console.log(`docs/api.md: ${rows.length} error codes`);
}

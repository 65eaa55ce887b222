// `npm run openapi` writes openapi.json from the endpoint registry; `-- --check` fails on drift (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { allEndpoints, buildOpenApi } from '@khela/contracts';

const file = new URL('../openapi.json', import.meta.url);
const version = (
  JSON.parse(readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const generated = `${JSON.stringify(buildOpenApi(allEndpoints(), version), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // missing counts as drift
  }
  if (committed !== generated) {
    console.error('openapi.json is out of date with the endpoint registry: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log(`openapi.json matches the registry (${allEndpoints().length} endpoints).`);
} else {
  writeFileSync(file, generated);
  console.log(`wrote openapi.json (${allEndpoints().length} endpoints)`);
}

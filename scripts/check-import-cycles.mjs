// `npm run lint` (and `npm test`'s checks): refuses import cycles among the server's modules
// (issue 10 item 2), type-only imports included — ESLint's import plugins skip those, and a type
// cycle (app.ts ↔ the modules' routes over AppDeps) is how the last one started. Reads relative
// imports (static, `export … from`, dynamic) of every .ts file under the roots; prints each cycle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['apps/server/src'];
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

const graph = new Map();
for (const dir of roots) {
  for (const file of sourceFiles(resolve(root, dir))) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    graph.set(
      file,
      [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1])),
    );
  }
}

// Depth-first search; a back edge to a module still on the stack closes a cycle.
const cycles = [];
const state = new Map(); // undefined: new, 1: on the stack, 2: done
const stack = [];
function visit(file) {
  state.set(file, 1);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 2);
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (cycles.length) {
  for (const cycle of cycles) console.error(`import cycle: ${cycle.map((f) => relative(root, f)).join(' → ')}`);
  process.exit(1);
}
console.log(`no import cycles in ${roots.join(', ')} (${graph.size} modules)`);

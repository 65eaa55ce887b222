import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a V8 CPU profile (`node --cpu-prof`) a bottom-up summary reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code lives, coarsely: what a benchmark's reader asks first. */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:internal/http') || url === 'node:_http_server' || url.startsWith('node:_http'))
    return "Node's HTTP";
  if (url.startsWith('node:')) return "Node's other (net, streams, timers …)";
  if (url.includes('/node_modules/')) {
    const parts = url.split('/node_modules/').pop()!.split('/');
    return parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
  }
  if (url.includes('/apps/server/src/')) return 'our server code';
  return 'other';
}

export interface ProfileSummary {
  /** Sampled ms inside the windows. */
  sampledMs: number;
  /** Self time by function, most first: [label, ms]. */
  functions: [string, number][];
  /** Self time by area (Node's HTTP, a package, our code, GC, program …). */
  areas: [string, number][];
}

/**
 * Bottom-up self time of a V8 CPU profile, only the samples inside `windows` (µs on the monotonic
 * clock, as process.hrtime and V8's timestamps both read it): the load phases of a benchmark
 * without the server's start-up.
 */
export function summariseProfile(path: string, windows?: [number, number][]): ProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let sampledUs = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) continue;
    const frame = frames.get(profile.samples[i]!)!;
    if (frame.functionName === '(idle)') continue;
    // A sample's time is the gap to the next one.
    const us = profile.timeDeltas[i + 1] ?? delta;
    sampledUs += us;
    const file = frame.url.replace(/^.*\/(node_modules\/|apps\/server\/src\/)/, '$1');
    const label = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(label, (byFunction.get(label) ?? 0) + us);
    const area = areaOf(frame.url, frame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
  }
  const ms = (map: Map<string, number>) =>
    [...map].map(([key, us]) => [key, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
  return { sampledMs: sampledUs / 1000, functions: ms(byFunction), areas: ms(byArea) };
}

/**
 * The newest main-thread profile a `--cpu-prof-dir` holds (CPU.<date>.<time>.<pid>.<thread>.<n>:
 * thread 0; a loader's worker thread writes its own).
 */
export function newestProfileIn(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((name) => /\.0\.\d+\.cpuprofile$/.test(name))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .pop();
}

/** The summary as Markdown lines: areas, then the `top` costliest functions. */
export function printProfileSummary(summary: ProfileSummary, requests: number, top = 25): string[] {
  const row = ([label, ms]: [string, number]) =>
    `| ${label} | ${ms.toFixed(0)} | ${((ms / summary.sampledMs) * 100).toFixed(1)} % | ${((ms * 1000) / requests).toFixed(2)} |`;
  return [
    `Server CPU profile, the lobby's slices only: ${summary.sampledMs.toFixed(0)} ms sampled, ${requests} requests.`,
    '| area (self time) | ms | share | µs/request |',
    '| --- | ---: | ---: | ---: |',
    ...summary.areas.map(row),
    '',
    '| function (self time) | ms | share | µs/request |',
    '| --- | ---: | ---: | ---: |',
    ...summary.functions.slice(0, top).map(row),
  ];
}

// Lighthouse (mobile profile, simulated slow 4G and 4× CPU slowdown) on the built web app served by the
// real stack: home, pricing and upscaler. Run: npx tsx bench/lighthouse.bench.ts (or `npm run bench`).
//
// Budgets (issues 7 and 18): performance ≥ 95, accessibility 100, best practices 100, SEO 100 on each page,
// and the home route's JavaScript ≤ 150 KB gzip. Scores are the median of LIGHTHOUSE_RUNS runs (default 3):
// Lighthouse simulates the network but measures this machine's CPU, so a busy machine lowers performance
// (the load average is printed at the start and the end). A missed budget exits with status 1.
//
// Besides the scores, each page prints what to look at when it slows down: the LCP element, the long tasks
// behind total blocking time (by script), the main thread's work by kind and the JavaScript it loaded.
// LIGHTHOUSE_REPORT_DIR=dir keeps each page's last full report (JSON, for the Lighthouse viewer).
// SKIP_WEB_BUILD=1 measures web/dist as it is; WEB_DIST_DIR=dir serves another build instead (to compare).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { ensurePostgres, ensureRedis } from '../scripts/lib/local-services.mjs';
import { ensureWebBuild } from '../scripts/lib/web-build.mjs';
import { CHROMIUM_PATH } from '../test/support/browser.ts';
import { startStack } from '../test/support/stack.ts';
import { percentile } from './stats.ts';

const BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof BUDGETS;
const CATEGORIES = Object.keys(BUDGETS) as Category[];
const JS_BUDGET_KB = 150;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Where to keep each page's last full report (JSON, readable in the Lighthouse viewer); unset: nowhere. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const PAGES = [
  ['home', '/en/'],
  ['pricing', '/en/pricing'],
  ['upscaler', '/en/upscaler'],
] as const;

interface Run {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** [category: audit, what it measured] */
  failing: [string, string][];
  scripts: string[];
  /** The largest contentful paint's element, as Lighthouse names it. */
  lcpElement: string;
  /** Total blocking time by script (long tasks' time over 50 ms), largest first. */
  blockingByScript: [string, number][];
  /** Main-thread time by kind (script evaluation, style & layout…), largest first. */
  mainThread: [string, number][];
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;

type Items<T> = { items?: T[] } | undefined;

/** A script's path, or Lighthouse's word for work no script owns ("Unattributable", the page itself). */
function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : `page ${pathname}`;
  } catch {
    return url;
  }
}

function summarize(lhr: Result): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Record<Metric, number>;
  const failing: [string, string][] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      // The metrics themselves are printed above as numbers.
      if (Object.values(METRICS).includes(ref.id as never)) continue;
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push([`${id}: ${ref.id}`, audit.displayValue || `score ${audit.score}`]);
      }
    }
  }
  const details = (id: string) => lhr.audits[id]?.details as Items<Record<string, unknown>>;
  const requests = details('network-requests')?.items as { url: string; resourceType?: string }[] | undefined;
  const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url);
  // The first table of the LCP audit holds the element; later ones its phases.
  const lcpTable = details('largest-contentful-paint-element')?.items?.[0] as Items<{
    node?: { selector?: string; snippet?: string };
  }>;
  const lcpNode = lcpTable?.items?.[0]?.node;
  const lcpElement = lcpNode ? `${lcpNode.snippet ?? ''} (${lcpNode.selector ?? ''})` : 'none';
  const blocking = new Map<string, number>();
  for (const task of (details('long-tasks')?.items ?? []) as { url: string; duration: number }[]) {
    const url = shortUrl(task.url);
    blocking.set(url, (blocking.get(url) ?? 0) + Math.max(0, task.duration - 50));
  }
  const mainThread = (
    (details('mainthread-work-breakdown')?.items ?? []) as {
      groupLabel: string;
      duration: number;
    }[]
  ).map((item): [string, number] => [item.groupLabel, item.duration]);
  return {
    scores,
    metrics,
    failing,
    scripts,
    lcpElement,
    blockingByScript: [...blocking].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]),
    mainThread: mainThread.sort((a, b) => b[1] - a[1]),
  };
}

/** The scripts a page loaded, each gzipped at level 9 as a server would send it. */
async function gzipKb(urls: string[]): Promise<{ kb: number; files: string[] }> {
  let bytes = 0;
  const files: string[] = [];
  for (const url of new Set(urls)) {
    const body = Buffer.from(
      await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
    );
    const size = gzipSync(body, { level: 9 }).length;
    bytes += size;
    files.push(`${shortUrl(url)} ${(size / 1024).toFixed(1)} KB`);
  }
  return { kb: bytes / 1024, files };
}

const list = (entries: [string, number][], count: number) =>
  entries
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(' · ') || 'none';

const loadAtStart = loadavg()[0]!;
if (process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild({ log: (text: string) => console.log(text) });
const redis = await ensureRedis({ url: process.env.REDIS_URL });
const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL });
const stack = await startStack({
  redisUrl: redis.url,
  postgresUrl: postgres.url,
  env: {
    LOG_LEVEL: 'warn',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
  },
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** One Lighthouse run. A run whose trace Lighthouse itself could not record (NO_NAVSTART and the like:
 * "Please run Lighthouse again") is run again, up to twice, and says so; it measured nothing. */
async function measure(
  path: string,
  attempt = 1,
): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>> {
  const result = await lighthouse(`${stack.url}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const failure = result.lhr.runtimeError;
  if (!failure) return result;
  if (attempt < 3) {
    console.log(`${path}: Lighthouse could not record this run (${failure.code}); running it again`);
    return measure(path, attempt + 1);
  }
  throw new Error(`${path}: ${failure.message}`);
}

const lines: string[] = [];
const table: string[][] = [['page', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'JS gzip', 'budgets']];
const missed: string[] = [];
try {
  for (const [name, path] of PAGES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await measure(path);
      runs.push(summarize(result.lhr));
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
      }
    }
    const median = (pick: (r: Run) => number) => percentile(runs.map(pick), 50);
    const pageMissed: string[] = [];
    const scores = CATEGORIES.map((id) => {
      const score = median((r) => r.scores[id]);
      if (score < BUDGETS[id]) pageMissed.push(`${id} ${score} < ${BUDGETS[id]}`);
      return `${id} ${score}${score < BUDGETS[id] ? ` (budget ${BUDGETS[id]}: MISSED)` : ''}`;
    });
    const m = (id: Metric) => median((r) => r.metrics[id]);
    // The diagnostics come from the run whose performance score is the median one.
    const typical = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[
      Math.floor((runs.length - 1) / 2)
    ]!;
    lines.push(`${name} ${path}: ${scores.join(' · ')}`);
    lines.push(
      `  FCP ${(m('FCP') / 1000).toFixed(2)} s · LCP ${(m('LCP') / 1000).toFixed(2)} s · TBT ${m('TBT').toFixed(0)} ms · CLS ${m('CLS').toFixed(3)} · SI ${(m('SI') / 1000).toFixed(2)} s`,
    );
    lines.push(
      `  per run: ${runs.map((r) => `perf ${r.scores.performance}, TBT ${r.metrics.TBT.toFixed(0)} ms`).join(' / ')}`,
    );
    lines.push(`  LCP element: ${typical.lcpElement}`);
    lines.push(`  blocking time by script: ${list(typical.blockingByScript, 4)}`);
    lines.push(`  main thread: ${list(typical.mainThread, 4)}`);
    // Each scored audit that did not pass, once, with what it measured in each run.
    const failing = new Map<string, string[]>();
    for (const run of runs)
      for (const [audit, value] of run.failing) failing.set(audit, [...(failing.get(audit) ?? []), value]);
    for (const [audit, values] of failing) lines.push(`  not passed: ${audit} (${values.join(' / ')})`);
    const js = await gzipKb(typical.scripts);
    let jsNote = `${js.kb.toFixed(1)} KB`;
    if (name === 'home') {
      const ok = js.kb <= JS_BUDGET_KB;
      if (!ok) pageMissed.push(`JavaScript ${js.kb.toFixed(1)} KB > ${JS_BUDGET_KB} KB`);
      jsNote += ` (≤ ${JS_BUDGET_KB})`;
      lines.push(
        `  JavaScript on the home route: ${js.kb.toFixed(1)} KB gzip in ${js.files.length} files (budget ≤ ${JS_BUDGET_KB} KB: ${ok ? 'met' : 'MISSED'})`,
      );
    } else {
      lines.push(`  JavaScript: ${js.kb.toFixed(1)} KB gzip in ${js.files.length} files`);
    }
    lines.push(`    ${js.files.join(' · ')}`);
    missed.push(...pageMissed.map((what) => `${name}: ${what}`));
    table.push([
      name,
      String(median((r) => r.scores.performance)),
      `${(m('FCP') / 1000).toFixed(2)} s`,
      `${(m('LCP') / 1000).toFixed(2)} s`,
      `${m('TBT').toFixed(0)} ms`,
      m('CLS').toFixed(3),
      `${(m('SI') / 1000).toFixed(2)} s`,
      jsNote,
      pageMissed.length ? 'MISSED' : 'met',
    ]);
  }
} finally {
  await chrome.kill();
  await stack.stop();
  await redis.stop();
  await postgres.stop();
}

console.log(
  `\nLighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS} runs)`}, mobile profile, load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
);
for (const line of lines) console.log(`  ${line}`);
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
console.log('');
for (const row of table)
  console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`);
if (missed.length > 0) {
  console.log(`\nbudgets: MISSED (${missed.join('; ')})`);
  process.exitCode = 1;
} else {
  console.log('\nbudgets: met');
}

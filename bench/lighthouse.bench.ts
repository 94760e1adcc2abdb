// Lighthouse (mobile profile, simulated slow 4G and 4× CPU slowdown) on the built web app served by the
// real stack: home, pricing and upscaler. Run: npx tsx bench/lighthouse.bench.ts (or `npm run bench`).
//
// Budgets (issue 7): performance ≥ 95, accessibility 100, best practices 100, SEO 100 on each page, and
// the home route's JavaScript ≤ 150 KB gzip. Scores are the median of LIGHTHOUSE_RUNS runs (default 3):
// Lighthouse simulates the network but measures this machine's CPU, so a busy machine lowers performance.
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
  metrics: Record<string, number>;
  /** [category: audit, what it measured] */
  failing: [string, string][];
  scripts: string[];
}

function summarize(lhr: Result): Run {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: [string, string][] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push([`${id}: ${ref.id}`, audit.displayValue || `score ${audit.score}`]);
      }
    }
  }
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
  )?.items;
  const scripts = (requests ?? []).filter((r) => r.resourceType === 'Script').map((r) => r.url);
  return {
    scores,
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      CLS: metric('cumulative-layout-shift'),
      SI: metric('speed-index'),
    },
    failing,
    scripts,
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
    files.push(`${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`);
  }
  return { kb: bytes / 1024, files };
}

ensureWebBuild({ log: (text: string) => console.log(text) });
const redis = await ensureRedis({ url: process.env.REDIS_URL });
const postgres = await ensurePostgres({ url: process.env.TEST_DATABASE_URL });
const stack = await startStack({
  redisUrl: redis.url,
  postgresUrl: postgres.url,
  env: { LOG_LEVEL: 'warn' },
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

const lines: string[] = [];
let met = true;
try {
  for (const [name, path] of PAGES) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${stack.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      runs.push(summarize(result.lhr));
      if (REPORT_DIR) {
        mkdirSync(REPORT_DIR, { recursive: true });
        writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
      }
    }
    const median = (pick: (r: Run) => number) => percentile(runs.map(pick), 50);
    const scores = CATEGORIES.map((id) => {
      const score = median((r) => r.scores[id]);
      const ok = score >= BUDGETS[id];
      met &&= ok;
      return `${id} ${score}${ok ? '' : ` (budget ${BUDGETS[id]}: MISSED)`}`;
    });
    const m = (id: string) => median((r) => r.metrics[id]!);
    lines.push(`${name} ${path}: ${scores.join(' · ')}`);
    lines.push(
      `  FCP ${(m('FCP') / 1000).toFixed(2)} s · LCP ${(m('LCP') / 1000).toFixed(2)} s · TBT ${m('TBT').toFixed(0)} ms · CLS ${m('CLS').toFixed(3)} · SI ${(m('SI') / 1000).toFixed(2)} s`,
    );
    // Each audit that did not pass, once, with what it measured in each run.
    const failing = new Map<string, string[]>();
    for (const run of runs)
      for (const [audit, value] of run.failing) failing.set(audit, [...(failing.get(audit) ?? []), value]);
    for (const [audit, values] of failing) lines.push(`  not passed: ${audit} (${values.join(' / ')})`);
    if (name === 'home') {
      const js = await gzipKb(runs[0]!.scripts);
      const ok = js.kb <= JS_BUDGET_KB;
      met &&= ok;
      lines.push(
        `  JavaScript on the home route: ${js.kb.toFixed(1)} KB gzip in ${js.files.length} files (budget ≤ ${JS_BUDGET_KB} KB: ${ok ? 'met' : 'MISSED'})`,
      );
      lines.push(...js.files.map((file) => `    ${file}`));
    }
  }
} finally {
  await chrome.kill();
  await stack.stop();
  await redis.stop();
  await postgres.stop();
}

console.log(
  `\nLighthouse ${RUNS === 1 ? '(1 run)' : `(median of ${RUNS} runs)`}, mobile profile, load average ${loadavg()[0]!.toFixed(1)}`,
);
for (const line of lines) console.log(`  ${line}`);
console.log(`budgets: ${met ? 'met' : 'MISSED'}`);

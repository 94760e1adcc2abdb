// Alert rules and dashboard: YAML/JSON parse, and every metric they name exists in the code (or comes from
// prom-client's default metrics, Prometheus itself, or redis_exporter). Then Prometheus's own promtool
// (Debian package prometheus, which .ci/run installs) evaluates the rules against made-up series, so an alert
// is shown to fire on the data really collected, and to stay quiet otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

const root = new URL('../../', import.meta.url).pathname;
const EXTERNAL = new Set([
  'up', // Prometheus
  'redis_key_size',
  'redis_up', // redis_exporter
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_p99_seconds', // prom-client defaults
]);
const FUNCTIONS = new Set([
  'sum',
  'by',
  'rate',
  'histogram_quantile',
  'label_replace',
  'and',
  'on',
  'or',
  'vector',
  'count',
  'max',
  'le',
  'without',
]);

function codeMetricNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'gen' && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/name:\s*'([a-z_:]+)'/g)) names.add(match[1]);
      }
    }
  };
  walk(join(root, 'services'));
  return names;
}

/** Metric names an expression selects (identifiers followed by { or [ or standing alone), minus functions. */
function metricsIn(expr: string): string[] {
  const withoutStrings = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/\([^()]*\)\s*$/, (m) => m);
  const identifiers = [...withoutStrings.matchAll(/\b([a-z_][a-z0-9_]*)\b(?!\s*\()/g)].map((m) => m[1]);
  return identifiers.filter(
    (id) =>
      !FUNCTIONS.has(id) &&
      !/^(kind|queue|job|method|model|status|route|plan|key|code|instance|outcome)$/.test(id),
  );
}

const histogram = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

describe('deploy/prometheus-alerts.yml', () => {
  const rules = parse(readFileSync(`${root}deploy/prometheus-alerts.yml`, 'utf8'));
  const known = codeMetricNames();
  type Rule = {
    alert: string;
    expr: string;
    labels: Record<string, string>;
    annotations: Record<string, string>;
  };
  const all: Rule[] = rules.groups.flatMap((group: { rules: Rule[] }) => group.rules);

  it('covers queue backlog, error rate and no-worker conditions', () => {
    const names = all.map((rule: { alert: string }) => rule.alert);
    expect(names).toEqual(
      expect.arrayContaining(['PicturaQueueBacklog', 'PicturaHttp5xxRate', 'PicturaNoWorker']),
    );
    for (const rule of all) {
      expect(rule.labels.severity).toMatch(/^(warning|critical)$/);
      expect(rule.annotations.summary).toBeTruthy();
    }
  });

  it('the code defines the metrics the checker looks for', () => {
    for (const name of [
      'http_request_duration_seconds',
      'grpc_server_handled_total',
      'jobs_finished_total',
      'jobs_wait_seconds',
      'worker_busy_jobs',
    ]) {
      expect(known.has(name), name).toBe(true);
    }
  });

  it.each(all.map((rule) => [rule.alert, rule.expr] as [string, string]))(
    '%s references existing metrics',
    (_alert, expr) => {
      const metrics = metricsIn(expr as string);
      expect(metrics.length).toBeGreaterThan(0);
      for (const metric of metrics)
        expect(known.has(histogram(metric)) || EXTERNAL.has(metric), metric).toBe(true);
    },
  );

  it('every dashboard query references existing metrics', () => {
    const dashboard = JSON.parse(readFileSync(`${root}deploy/grafana-dashboard.json`, 'utf8'));
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        for (const metric of metricsIn(target.expr)) {
          expect(known.has(histogram(metric)) || EXTERNAL.has(metric), `${panel.title}: ${metric}`).toBe(
            true,
          );
        }
      }
    }
  });
});

describe('alert rules evaluated by promtool', () => {
  const rulesFile = `${root}deploy/prometheus-alerts.yml`;
  type Rule = { alert: string; annotations: Record<string, string> };
  const rules: Rule[] = parse(readFileSync(rulesFile, 'utf8')).groups.flatMap(
    (group: { rules: Rule[] }) => group.rules,
  );
  const annotationsOf = (alert: string) => rules.find((rule) => rule.alert === alert)!.annotations;
  const dir = mkdtempSync(join(tmpdir(), 'pictura-alerts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function promtool(...args: string[]): string {
    if (spawnSync('promtool', ['--version']).status !== 0)
      throw new Error('promtool is missing: apt-get install prometheus (.ci/run installs it)');
    try {
      return execFileSync('promtool', args, { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`promtool ${args[0]} ${args[1]} failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  }

  /** Runs one promtool unit test: series sampled every minute, alerts expected at each evaluation time. */
  function evaluate(
    series: Record<string, string>,
    expected: { at: string; alert: string; firing: Record<string, string>[]; summary?: string }[],
  ) {
    const file = join(dir, `test-${Math.random().toString(36).slice(2)}.yml`);
    const test = {
      rule_files: [rulesFile],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: Object.entries(series).map(([name, values]) => ({ series: name, values })),
          alert_rule_test: expected.map(({ at, alert, firing, summary }) => ({
            eval_time: at,
            alertname: alert,
            exp_alerts: firing.map((labels) => ({
              exp_labels: labels,
              exp_annotations: { ...annotationsOf(alert), ...(summary ? { summary } : {}) },
            })),
          })),
        },
      ],
    };
    writeFileSync(file, stringify(test));
    return promtool('test', 'rules', file);
  }

  // Two jobs replicas report the same queue-wide figure, as in production.
  const queued = (generate: number, upscale: number) => ({
    'jobs_queue_depth{job="pictura-jobs",instance="jobs-a:9105",queue="generate"}': `${generate}x15`,
    'jobs_queue_depth{job="pictura-jobs",instance="jobs-a:9105",queue="upscale"}': `${upscale}x15`,
    'jobs_queue_depth{job="pictura-jobs",instance="jobs-b:9105",queue="generate"}': `${generate}x15`,
    'jobs_queue_depth{job="pictura-jobs",instance="jobs-b:9105",queue="upscale"}': `${upscale}x15`,
  });
  const critical = { severity: 'critical' };

  it('accepts the rule file', () => {
    expect(promtool('check', 'rules', rulesFile)).toContain('SUCCESS');
  });

  it('PicturaNoWorker fires when jobs are queued for 5 minutes and no worker series exists at all', () => {
    evaluate(queued(3, 0), [
      { at: '4m', alert: 'PicturaNoWorker', firing: [] },
      { at: '6m', alert: 'PicturaNoWorker', firing: [critical] },
    ]);
  });

  it('PicturaNoWorker fires when the only worker target is down', () => {
    evaluate({ ...queued(0, 2), 'up{job="pictura-worker",instance="worker-0:9106"}': '0x15' }, [
      { at: '6m', alert: 'PicturaNoWorker', firing: [critical] },
    ]);
  });

  it('PicturaNoWorker stays quiet while a worker is up, and while nothing is queued', () => {
    evaluate({ ...queued(3, 1), 'up{job="pictura-worker",instance="worker-0:9106"}': '1x15' }, [
      { at: '10m', alert: 'PicturaNoWorker', firing: [] },
    ]);
    // Scaled to zero with an empty queue is the normal idle state.
    evaluate(queued(0, 0), [{ at: '10m', alert: 'PicturaNoWorker', firing: [] }]);
  });

  it('PicturaQueueBacklog fires per queue after 10 minutes over 50 waiting jobs', () => {
    // Its summary is a template: promtool compares the text as Prometheus expands it.
    evaluate(queued(60, 10), [
      { at: '9m', alert: 'PicturaQueueBacklog', firing: [] },
      {
        at: '11m',
        alert: 'PicturaQueueBacklog',
        firing: [{ severity: 'warning', queue: 'generate' }],
        summary: 'generate queue has 60 jobs waiting for 10 minutes',
      },
    ]);
  });
});

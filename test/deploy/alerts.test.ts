// Alert rules and dashboard: YAML/JSON parse, and every metric they name exists in the code (or comes from
// prom-client's default metrics, Prometheus itself, or redis_exporter).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

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

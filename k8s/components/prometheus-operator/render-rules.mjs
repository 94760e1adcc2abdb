// Writes prometheus-rule.yaml beside this file from deploy/prometheus-alerts.yml, the one source of the alert
// rules (docker compose's Prometheus loads that file as it is). test/deploy/k8s.test.ts checks that the two
// agree: run `node k8s/components/prometheus-operator/render-rules.mjs` after changing the rules.
import { readFileSync, writeFileSync } from 'node:fs';

const rules = readFileSync(new URL('../../../deploy/prometheus-alerts.yml', import.meta.url), 'utf8');
// The file's own header comment stays behind; its groups go under spec, indented one level.
const body = rules.slice(rules.indexOf('groups:'));
const indented = body
  .trimEnd()
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n');
const header = `# Generated from deploy/prometheus-alerts.yml by render-rules.mjs beside this file: edit that file, then run
# \`node k8s/components/prometheus-operator/render-rules.mjs\`.
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: pictura
  labels: { app.kubernetes.io/part-of: pictura }
spec:
`;
writeFileSync(new URL('prometheus-rule.yaml', import.meta.url), `${header}${indented}\n`);

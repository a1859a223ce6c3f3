import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { projectRoot } from '@server/spa-build';
import { setUpTestAnvil } from '../support/anvil';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { expressionProblems, readExpression, type ScrapedLabels, scrapedLabels } from './helpers/promql';
import { setUpStartedAccount } from './helpers/started-account';
import { field, rpcOver } from './helpers/started-server';

/**
 * deploy/: Prometheus's alert rules and Grafana's dashboard name only metrics a running server
 * exports, and filter or group them only by labels those metrics carry: checked against a scrape of
 * `npm start` with Redis and the shared answer cache on (so the Redis and shared-cache metrics
 * show), after a gateway call and an API call.
 */
const deploy = join(projectRoot, 'deploy');
const prometheusConfig = join(deploy, 'prometheus', 'prometheus.yml');
const grafana = join(deploy, 'grafana');
/** Where deploy/grafana/dashboards is mounted in Grafana's container (docs/operations.md, Dashboards and alerts). */
const mountedDashboards = { container: '/var/lib/grafana/dashboards/rpc-gateway', repository: join(grafana, 'dashboards') };

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const readYaml = (path: string): unknown => parse(readFileSync(path, 'utf8'));

/** Every expression of a dashboard: its panels' (rows' panels too) targets, and its variables' label_values(metric, label). */
function dashboardExpressions(dashboard: unknown): string[] {
  const panels = list(field(dashboard, 'panels')).flatMap((panel) => [panel, ...list(field(panel, 'panels'))]);
  const targets = panels.flatMap((panel) => list(field(panel, 'targets')).flatMap((target) => text(field(target, 'expr')) ?? []));
  const variables = list(field(field(dashboard, 'templating'), 'list')).flatMap((variable) => {
    const match = /^label_values\((.+),\s*(\w+)\)$/.exec(text(field(variable, 'definition')) ?? '');
    return match === null ? [] : [`group by (${match[2]}) (${match[1]})`];
  });
  return [...targets, ...variables];
}

function alertRules(): unknown[] {
  return list(field(readYaml(join(deploy, 'prometheus', 'alerts.yml')), 'groups')).flatMap((group) => list(field(group, 'rules')));
}

/** Each dashboard file Grafana's provisioning loads. */
function provisionedDashboards(): string[] {
  const { repository } = mountedDashboards;
  return readdirSync(repository)
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(repository, name));
}

describe('the PromQL reader', () => {
  const scraped: ScrapedLabels = scrapedLabels(
    [
      '# TYPE calls_total counter',
      'calls_total{network="mainnet",outcome="a,b=\\"c\\""} 1',
      '# TYPE latency_seconds histogram',
      'latency_seconds_bucket{le="0.1",network="mainnet"} 1',
      'latency_seconds_sum{network="mainnet"} 0.1',
      'latency_seconds_count{network="mainnet"} 1',
      '# TYPE ready gauge',
      'ready 1',
      '# TYPE errors_total counter',
    ].join('\n'),
  );

  it.each([
    ['sum by (network) (rate(calls_total{network=~"mainnet", instance=~"$instance"}[$__rate_interval]))', []],
    ['histogram_quantile(0.99, sum by (network, le) (rate(latency_seconds_bucket[5m]))) > 2', []],
    ['sum(rate(calls_total[5m])) by (outcome) / on (network) group_left sum(latency_seconds_count)', []],
    ['ready == 0 and up{job="x"} == 1', []],
    ['errors_total', []],
    ['rate(calls_totl[5m])', ['names calls_totl, which the server does not export']],
    ['latency_seconds_bucket_sum', ['names latency_seconds_bucket_sum, which the server does not export']],
    ['calls_total{node="1", outcome!="by (x)"}', ['filters calls_total by node, a label it does not have']],
    ['calls_total{network="mainnet", outcome=~".*b.*"}', []],
    ['calls_total{network=~"mainnet|devnet"}', ['filters calls_total by network="devnet", a value none of its series has']],
    ['calls_total{outcome="a,b=\\"c\\""}', []],
    ['sum by (outcome) (latency_seconds_count)', ['by (outcome): latency_seconds_count has no label outcome']],
    ['max(ready) without (network)', ['without (network): ready has no label network']],
    ['errors_total{operation="x"}', ['filters errors_total by operation, a label it does not have']],
    ['rat(calls_total[1m])', ['calls rat(), which PromQL does not have']],
  ])('%s', (expr, problems) => {
    expect(expressionProblems(expr, scraped)).toEqual(problems);
  });

  it('reads the metrics, not the words in strings, durations, groupings or functions', () => {
    const { selectors } = readExpression('sum by (a) (rate(x{b="sum(y)"}[5m] offset 1h)) / ignoring (c) count(z) and bool 1e3');
    expect(selectors.map(({ metric, matchers }) => [metric, matchers.map(({ label }) => label)])).toEqual([
      ['x', ['b']],
      ['z', []],
    ]);
  });
});

describe('the files in deploy/', () => {
  it('parse, and name only files that exist', () => {
    const config = readYaml(prometheusConfig);
    const ruleFiles = list(field(config, 'rule_files')).map(text);
    expect(ruleFiles).toEqual(['alerts.yml']);
    for (const file of ruleFiles) expect(existsSync(join(dirname(prometheusConfig), file ?? ''))).toBe(true);
    expect(list(field(config, 'scrape_configs')).map((job) => field(job, 'metrics_path'))).toEqual(['/metrics']);

    const providers = list(field(readYaml(join(grafana, 'provisioning', 'dashboards', 'dashboards.yml')), 'providers'));
    expect(providers.map((provider) => field(field(provider, 'options'), 'path'))).toEqual([mountedDashboards.container]);
    expect(provisionedDashboards().length).toBeGreaterThan(0);

    const sources = list(field(readYaml(join(grafana, 'provisioning', 'datasources', 'prometheus.yml')), 'datasources'));
    expect(sources.map((source) => field(source, 'type'))).toEqual(['prometheus']);
    for (const path of provisionedDashboards()) {
      const dashboard: unknown = JSON.parse(readFileSync(path, 'utf8'));
      // The data source is a variable, so the dashboard works with whichever Prometheus is provisioned.
      const variables = list(field(field(dashboard, 'templating'), 'list'));
      expect(variables.find((variable) => field(variable, 'type') === 'datasource')).toMatchObject({ query: 'prometheus' });
    }
  });

  it('give every alert a wait, a severity and plain-words annotations', () => {
    const rules = alertRules();
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^[A-Z]\w+$/),
        expr: expect.any(String),
        for: expect.stringMatching(/^\d+[smh]$/),
        labels: { severity: expect.stringMatching(/^(critical|warning)$/) },
        annotations: { summary: expect.any(String), description: expect.any(String) },
      });
    }
  });
});

let redis: ThrowawayRedis | undefined;
// Registered before the server: started first, stopped after it.
beforeAll(async () => {
  redis = await startThrowawayRedis();
});
afterAll(async () => {
  await redis?.stop();
});
const anvil = setUpTestAnvil();
const server = setUpStartedAccount({
  name: 'deploy-metrics',
  settings: () => ({ ...anvil.upstream(), METRICS_PORT: '0', REDIS_URL: redis?.url ?? '', CACHE_SHARED: 'true' }),
});

/**
 * The label names of what the server exports, from a scrape after a gateway and an API call. A
 * labelled metric no short run fills (a Redis command failing, a read sent to a second node) takes
 * its label names from the same metrics class, filled in this process.
 */
async function exported(): Promise<ScrapedLabels> {
  // Asked of the node (eth_chainId once per process, then kept): the latency histograms get their series.
  expect((await rpcOver(server.url, 'mainnet', server.apiKey, 'eth_chainId')).status).toBe(200);
  expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
  const address = /Metrics for Prometheus at (http:\/\/\S+)/.exec(server.output())?.[1];
  if (address === undefined) throw new Error(`the server did not print its metrics address:\n${server.output()}`);
  const scraped = scrapedLabels(await (await fetch(address)).text());
  const filled = new ProcessMetrics('main');
  filled.failed('admission');
  filled.rerouted('mainnet', 'failover');
  filled.nodeErrored('mainnet', -32000);
  const inProcess = scrapedLabels(await filled.registry.metrics());
  for (const [name, labels] of scraped) {
    if (labels.size === 0) for (const [label, values] of inProcess.get(name) ?? []) labels.set(label, values);
  }
  return scraped;
}

describe('deploy/ against a running server', () => {
  it('names only metrics the server exports, filtered and grouped by labels they have', async () => {
    const scraped = await exported();
    // The Redis and shared-cache metrics show: the settings above turned them on.
    expect([...(scraped.get('rpc_cache_shared_lookups_total')?.keys() ?? [])]).toEqual(['result']);
    const expressions = [
      ...alertRules().map((rule) => ({ file: 'deploy/prometheus/alerts.yml', expr: text(field(rule, 'expr')) ?? '' })),
      ...provisionedDashboards().flatMap((path) =>
        dashboardExpressions(JSON.parse(readFileSync(path, 'utf8'))).map((expr) => ({ file: relative(projectRoot, path), expr })),
      ),
    ];
    expect(expressions.length).toBeGreaterThan(20);
    const problems = expressions.flatMap(({ file, expr }) =>
      expressionProblems(expr, scraped).map((problem) => `${file}: ${expr.trim()}\n  ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

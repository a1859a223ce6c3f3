import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig } from '@server/config';
import { probePaths } from '@server/health/quiet-probes';
import { apiPrefix } from '@server/http/api-prefix';
import { releaseDir, releaseEntries } from '@server/release-layout';
import { projectRoot } from '@server/spa-build';
import { field } from './helpers/started-server';
import {
  at,
  dockerEnv,
  dockerStages,
  durationSeconds,
  entries,
  envLines,
  envValues,
  everyBranchSettings,
  interpolate,
  interpolatedNames,
  list,
  namesLookedUp,
  namesReadInSources,
  notOperatorSettings,
  readProjectFile,
  text,
  unitSettings,
} from './helpers/deploy-files';

/**
 * The files an operator deploys with (Dockerfile, compose.yaml, .env.example, deploy/kubernetes,
 * deploy/systemd), checked by reading them, as no container engine runs here: they parse, name
 * files that exist, set only settings the server reads (and .env.example shows every one), start
 * the release's entry points, probe the server's health routes on its ports, and give a replica
 * more time to stop than the server's own shutdown delay. Each failure names the file and the name.
 */

const liveness = `${apiPrefix}/healthz`;
const readiness = `${apiPrefix}/readyz`;
/** Seconds beyond SHUTDOWN_DELAY_SECONDS a stop must allow for the drain (requests in flight, the last metering batch). */
const drainMarginSeconds = 10;

// ---- What the server reads ----

const lookedUp = namesLookedUp(everyBranchSettings);
const readInSources = namesReadInSources();
const serverReads = new Set([...lookedUp.names, ...readInSources.keys()]);
const operatorSettings = new Set([...serverReads].filter((name) => !(name in notOperatorSettings)));

/** `file: NAME` for each name in `names` the server does not read as an operator's setting. */
const unknownSettings = (file: string, names: Iterable<string>): string[] =>
  [...names].filter((name) => !operatorSettings.has(name)).map((name) => `${file}: ${name} is no setting the server reads`);

/** The settings `env` gives a production start, or the refusal loadConfig says. */
function startProblems(file: string, env: Readonly<Record<string, string>>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return [`${file}: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** SHUTDOWN_DELAY_SECONDS as `env` sets it, else the production default. */
const shutdownDelay = (env: Readonly<Record<string, string>>): number =>
  loadConfig({ ...everyBranchSettings, ...env, NODE_ENV: 'production' }).shutdownDelaySeconds;

const envExampleLines = envLines(readProjectFile('.env.example'));
const envExample = envValues(envExampleLines);

describe('what the server reads', () => {
  it('is found: loadConfig accepts the production-like settings, and the other readers are still there', () => {
    expect(lookedUp.error).toBeNull();
    for (const name of ['NODE_ENV', 'DATABASE_URL', 'STRIPE_API_URL', 'CACHE_SHARED_BYTES', 'SHUTDOWN_DELAY_SECONDS']) {
      expect(lookedUp.names, `loadConfig looked up ${name}`).toContain(name);
    }
    const stale = Object.keys(notOperatorSettings).filter((name) => !readInSources.has(name));
    expect(stale, 'names in notOperatorSettings that server/ no longer reads').toEqual([]);
  });
});

describe('.env.example', () => {
  it('shows every setting the server reads, once each, with a comment over it', () => {
    const shown = envExampleLines.map((line) => line.name);
    const missing = [...operatorSettings].filter((name) => !shown.includes(name)).map((name) => `.env.example: ${name} is missing`);
    const twice = shown.filter((name, index) => shown.indexOf(name) !== index).map((name) => `.env.example: ${name} is shown twice`);
    const bare = envExampleLines
      .filter((line) => line.comment === null)
      .map((line) => `.env.example line ${line.line}: ${line.name} has no comment line over it`);
    expect([...missing, ...twice, ...bare]).toEqual([]);
  });

  it('sets only what the server or compose.yaml reads', () => {
    const compose = new Set(interpolatedNames(readProjectFile('compose.yaml')));
    const shown = envExampleLines.map((line) => line.name).filter((name) => !compose.has(name));
    expect(unknownSettings('.env.example', shown)).toEqual([]);
  });

  it('leaves uncommented exactly what production requires, with placeholders a production start accepts', () => {
    expect(startProblems('.env.example', envExample)).toEqual([]);
    const optional = Object.keys(envExample).filter((name) => {
      const { [name]: _left, ...without } = envExample;
      return name !== 'NODE_ENV' && operatorSettings.has(name) && startProblems('.env.example', without).length === 0;
    });
    expect(optional.map((name) => `.env.example: ${name} is optional in production: comment it out`)).toEqual([]);
  });
});

// ---- Dockerfile ----

describe('Dockerfile', () => {
  const stages = dockerStages(readProjectFile('Dockerfile'));
  const runtime = stages.at(-1);
  const instructions = (keyword: string) => (runtime?.instructions ?? []).filter((instruction) => instruction.keyword === keyword);
  const workdir = (stageName: string | null) =>
    stages.find((stage) => stage.name === stageName)?.instructions.findLast((i) => i.keyword === 'WORKDIR')?.args;

  it('builds on node:24-bookworm-slim and runs from the same base', () => {
    expect(stages.map((stage) => stage.from)).toEqual(['node:24-bookworm-slim', 'node:24-bookworm-slim']);
    const build = stages[0]?.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(build).toEqual([expect.stringContaining('npm ci'), 'npm run build']);
  });

  it('copies exactly the release into the runtime stage, installs its runtime packages and starts its entry point as node', () => {
    const copies = instructions('COPY');
    expect(copies, 'Dockerfile: the runtime stage copies one thing, the release').toHaveLength(1);
    const [from, source, destination] = (copies[0]?.args ?? '').split(/\s+/);
    const stage = /^--from=(.+)$/.exec(from ?? '')?.[1] ?? null;
    const relativeSource = (source ?? '').replace(`${workdir(stage)}/`, '').replace(/\/$/, '');
    expect(relativeSource, `Dockerfile: COPY ${source} is not releaseDir (${releaseDir})`).toBe(releaseDir);
    expect(destination?.replace(/\/$/, '')).toBe(workdir(runtime?.name ?? null));
    expect(instructions('RUN').map((i) => i.args)).toEqual([expect.stringMatching(/^npm ci --omit=dev\b/)]);
    expect(instructions('USER').map((i) => i.args)).toEqual(['node']);
    const cmd: unknown = JSON.parse(instructions('CMD')[0]?.args ?? 'null');
    expect(cmd, 'Dockerfile: CMD is the exec form of node releaseEntries.start').toEqual(['node', releaseEntries.start]);
  });

  it('sets settings the server reads, exposes their ports and checks its liveness route', () => {
    const env = Object.fromEntries(instructions('ENV').flatMap((i) => dockerEnv(i.args)));
    expect(unknownSettings('Dockerfile ENV', Object.keys(env))).toEqual([]);
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', METRICS_HOST: '0.0.0.0' });
    const exposed = instructions('EXPOSE').flatMap((i) => i.args.split(/\s+/));
    expect(exposed.sort()).toEqual([env.PORT, env.METRICS_PORT].sort());
    const healthcheck = instructions('HEALTHCHECK')[0]?.args ?? '';
    expect(healthcheck, `Dockerfile: HEALTHCHECK calls ${liveness}`).toContain(liveness);
    expect(healthcheck).toContain('fetch(');
  });

  it('.dockerignore keeps dependencies, build output, local data and secrets out of the build', () => {
    const ignored = readProjectFile('.dockerignore').split('\n');
    const needed = ['node_modules', '.data', 'dist', 'build', releaseDir, 'test-results', 'screenshots', '.git', '.env'];
    expect(needed.filter((entry) => !ignored.includes(entry)).map((entry) => `.dockerignore: ${entry} is missing`)).toEqual([]);
  });
});

// ---- compose.yaml ----

describe('compose.yaml', () => {
  const compose: unknown = parse(readProjectFile('compose.yaml'), { merge: true });
  const services = entries(field(compose, 'services'));
  const appServices = services.filter(([, service]) => field(service, 'build') !== undefined);
  const service = (name: string) => services.find(([serviceName]) => serviceName === name)?.[1];
  /** The environment an app service starts with: .env (as .env.example sets it), then `environment`, interpolated from .env. */
  const appEnv = (app: unknown): Record<string, string> => ({
    ...envExample,
    ...Object.fromEntries(entries(field(app, 'environment')).map(([name, value]) => [name, interpolate(String(value), envExample)])),
  });

  it('runs two replicas, app-1 and app-2, from the Dockerfile, with what production requires', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app-1', 'app-2']);
    for (const [name, app] of appServices) {
      expect(field(app, 'build'), `compose.yaml ${name}: built from the project root's Dockerfile`).toBe('.');
      expect(
        unknownSettings(
          `compose.yaml ${name} environment`,
          entries(field(app, 'environment')).map(([key]) => key),
        ),
      ).toEqual([]);
      expect(startProblems(`compose.yaml ${name} (with .env.example as .env)`, appEnv(app))).toEqual([]);
    }
  });

  it('mounts, builds and reads only files of the repository (.env from .env.example)', () => {
    const named = new Set(entries(field(compose, 'volumes')).map(([name]) => name));
    const problems: string[] = [];
    for (const [name, definition] of services) {
      for (const volume of list(field(definition, 'volumes')).map((v) => text(v) ?? '')) {
        const [source = ''] = volume.split(':');
        if (source.startsWith('.') || source.startsWith('/')) {
          if (!existsSync(join(projectRoot, source))) problems.push(`compose.yaml ${name}: mounts ${source}, which does not exist`);
        } else if (!named.has(source)) problems.push(`compose.yaml ${name}: volume ${source} is not declared under volumes`);
      }
      const build = text(field(definition, 'build'));
      if (build !== undefined && !existsSync(join(projectRoot, build, 'Dockerfile')))
        problems.push(`compose.yaml ${name}: builds ${build}, which has no Dockerfile`);
      const envFiles = [field(definition, 'env_file')].flat().flatMap((file) => text(file) ?? []);
      for (const file of envFiles) {
        const inRepo = file === '.env' ? '.env.example' : file;
        if (!existsSync(join(projectRoot, inRepo))) problems.push(`compose.yaml ${name}: env_file ${file} has no ${inRepo}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('sets in .env.example every name it interpolates', () => {
    const names = interpolatedNames(readProjectFile('compose.yaml'));
    expect(
      names.filter((name) => envExample[name] === undefined).map((name) => `compose.yaml: \${${name}} is not in .env.example`),
    ).toEqual([]);
  });

  it('starts the replicas once PostgreSQL and Redis are healthy, and gives them longer to stop than their shutdown delay', () => {
    for (const [name, app] of appServices) {
      for (const dependency of ['postgres', 'redis']) {
        expect(at(app, 'depends_on', dependency, 'condition'), `compose.yaml ${name}: waits for ${dependency}`).toBe('service_healthy');
        expect(at(service(dependency), 'healthcheck', 'test'), `compose.yaml ${dependency}: has a healthcheck`).toBeDefined();
      }
      const grace = durationSeconds(text(field(app, 'stop_grace_period')) ?? '10s');
      const delay = shutdownDelay(appEnv(app));
      expect(
        grace,
        `compose.yaml ${name}: stop_grace_period ${grace} s leaves no room for SHUTDOWN_DELAY_SECONDS ${delay} s and the drain`,
      ).toBeGreaterThan(delay + drainMarginSeconds);
    }
  });

  it("has Prometheus scrape each replica's metrics port, and Grafana load the dashboards where the provisioning looks", () => {
    const prometheus = parse(readProjectFile('deploy/prometheus/prometheus.yml'));
    const targets = list(at(list(field(list(field(prometheus, 'scrape_configs'))[0], 'static_configs'))[0], 'targets'));
    const replicas = appServices.map(([name, app]) => `${name}:${appEnv(app).METRICS_PORT}`);
    expect(targets, "deploy/prometheus/prometheus.yml: targets are compose.yaml's replicas and METRICS_PORT").toEqual(replicas);
    expect(list(field(service('prometheus'), 'volumes'))).toContain('./deploy/prometheus:/etc/prometheus:ro');

    const provider = list(field(parse(readProjectFile('deploy/grafana/provisioning/dashboards/dashboards.yml')), 'providers'))[0];
    const mounts = list(field(service('grafana'), 'volumes')).map((volume) => text(volume) ?? '');
    expect(mounts).toContain('./deploy/grafana/provisioning:/etc/grafana/provisioning:ro');
    expect(mounts).toContain(`./deploy/grafana/dashboards:${text(at(provider, 'options', 'path'))}:ro`);
    const datasource = list(field(parse(readProjectFile('deploy/grafana/provisioning/datasources/prometheus.yml')), 'datasources'))[0];
    expect(text(field(datasource, 'url')), "the data source is compose's prometheus service").toBe('http://prometheus:9090');
  });

  it('puts nginx in front of both replicas and trusts only its address', () => {
    const nginx = service('nginx');
    expect(list(field(nginx, 'volumes'))).toContain('./deploy/nginx/default.conf:/etc/nginx/conf.d/default.conf:ro');
    const address = entries(field(nginx, 'networks')).map(([, network]) => text(field(network, 'ipv4_address')))[0];
    for (const [name, app] of appServices) expect(appEnv(app).TRUST_PROXY, `compose.yaml ${name}: TRUST_PROXY`).toBe(address);
  });
});

// ---- deploy/kubernetes ----

const kubernetesDir = 'deploy/kubernetes';
const manifests = readdirSync(join(projectRoot, kubernetesDir))
  .filter((name) => name.endsWith('.yaml'))
  .flatMap((name) =>
    parseAllDocuments(readProjectFile(`${kubernetesDir}/${name}`)).map((document) => ({
      file: `${kubernetesDir}/${name}`,
      errors: document.errors.map((error) => error.message),
      object: json(document),
    })),
  );
function json(document: { toJSON(): unknown }): unknown {
  return document.toJSON();
}
const ofKind = (kind: string) => manifests.filter(({ object }) => field(object, 'kind') === kind);

describe('deploy/kubernetes', () => {
  const configMap = ofKind('ConfigMap')[0];
  const secret = ofKind('Secret')[0];
  const deployment = ofKind('Deployment')[0];
  const job = ofKind('Job')[0];
  const podOf = (manifest: { object: unknown } | undefined) => at(manifest?.object, 'spec', 'template', 'spec');
  const containerOf = (manifest: { object: unknown } | undefined) => list(field(podOf(manifest), 'containers'))[0];
  const settingsOf = (manifest: { object: unknown } | undefined): [string, string][] =>
    [...entries(field(manifest?.object, 'data')), ...entries(field(manifest?.object, 'stringData'))].map(([k, v]) => [k, String(v)]);
  /** The environment a container starts with: its envFrom ConfigMap and Secret, then its env. */
  const containerEnv = (manifest: { file: string; object: unknown } | undefined): Record<string, string> => {
    const container = containerOf(manifest);
    const from = list(field(container, 'envFrom')).flatMap((source) => {
      const map = text(at(source, 'configMapRef', 'name'));
      const secretName = text(at(source, 'secretRef', 'name'));
      const found = map !== undefined ? ofKind('ConfigMap') : secretName !== undefined ? ofKind('Secret') : [];
      const named = found.find(({ object }) => at(object, 'metadata', 'name') === (map ?? secretName));
      expect(named, `${manifest?.file}: envFrom names ${map ?? secretName}, which no manifest defines`).toBeDefined();
      return settingsOf(named);
    });
    const own = list(field(container, 'env')).map((variable): [string, string] => [
      text(field(variable, 'name')) ?? '',
      text(field(variable, 'value')) ?? '',
    ]);
    return Object.fromEntries([...from, ...own]);
  };

  it('parse, one of each', () => {
    expect(manifests.flatMap(({ file, errors }) => errors.map((error) => `${file}: ${error}`))).toEqual([]);
    for (const kind of ['ConfigMap', 'Secret', 'Deployment', 'Job', 'PodDisruptionBudget', 'Service']) {
      expect(ofKind(kind), `${kubernetesDir}: one ${kind}`).toHaveLength(1);
    }
  });

  it('set only settings the server reads, and give a production start what it requires', () => {
    for (const manifest of [configMap, secret]) {
      expect(
        unknownSettings(
          manifest?.file ?? '',
          settingsOf(manifest).map(([name]) => name),
        ),
      ).toEqual([]);
    }
    for (const manifest of [deployment, job]) {
      expect(unknownSettings(manifest?.file ?? '', Object.keys(containerEnv(manifest)))).toEqual([]);
      expect(startProblems(manifest?.file ?? '', containerEnv(manifest))).toEqual([]);
    }
  });

  it("run the release's entry points from one image", () => {
    expect(field(containerOf(deployment), 'command'), `${deployment?.file}: the image's CMD starts the server`).toBeUndefined();
    expect(field(containerOf(job), 'command'), `${job?.file}: runs the migrations`).toEqual(['node', releaseEntries.admin, 'migrate']);
    expect(field(containerOf(job), 'image')).toBe(field(containerOf(deployment), 'image'));
  });

  it("probe the server's health routes on PORT, and the Service's ports are PORT and METRICS_PORT", () => {
    const env = containerEnv(deployment);
    const container = containerOf(deployment);
    const ports = Object.fromEntries(
      list(field(container, 'ports')).map((port) => [text(field(port, 'name')), field(port, 'containerPort')]),
    );
    expect(ports, `${deployment?.file}: container ports http and metrics are PORT and METRICS_PORT`).toEqual({
      http: Number(env.PORT),
      metrics: Number(env.METRICS_PORT),
    });
    const probe = (name: string) => at(container, name, 'httpGet');
    expect(probe('readinessProbe')).toEqual({ path: readiness, port: 'http' });
    expect(probe('livenessProbe')).toEqual({ path: liveness, port: 'http' });
    for (const name of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      const path = text(field(probe(name), 'path'));
      if (path !== undefined) expect(probePaths, `${deployment?.file}: ${name} ${path} is no health route of the server`).toContain(path);
    }
    const service = ofKind('Service')[0];
    const servicePorts = list(at(service?.object, 'spec', 'ports')).map((port) => [field(port, 'port'), field(port, 'targetPort')]);
    expect(servicePorts, `${service?.file}: ports`).toEqual([
      [Number(env.PORT), 'http'],
      [Number(env.METRICS_PORT), 'metrics'],
    ]);
  });

  it('roll out one pod at a time, keep one through disruptions, select the pods, and outlast the shutdown delay', () => {
    const spec = at(deployment?.object, 'spec');
    expect(field(spec, 'replicas')).toBe(2);
    expect(at(spec, 'strategy', 'rollingUpdate', 'maxUnavailable')).toBe(0);
    const podLabels = at(spec, 'template', 'metadata', 'labels');
    expect(at(spec, 'selector', 'matchLabels')).toEqual(podLabels);
    const service = ofKind('Service')[0];
    const budget = ofKind('PodDisruptionBudget')[0];
    expect(at(service?.object, 'spec', 'selector'), `${service?.file}: selects the Deployment's pods`).toEqual(podLabels);
    expect(at(budget?.object, 'spec', 'selector', 'matchLabels'), `${budget?.file}: selects the Deployment's pods`).toEqual(podLabels);
    expect(at(budget?.object, 'spec', 'minAvailable')).toBe(1);
    expect(at(podOf(job), 'metadata', 'labels'), `${job?.file}: its pod is not one the Service sends to`).not.toEqual(podLabels);

    const preStop = Number(at(containerOf(deployment), 'lifecycle', 'preStop', 'sleep', 'seconds') ?? 0);
    const delay = shutdownDelay(containerEnv(deployment));
    const grace = Number(field(podOf(deployment), 'terminationGracePeriodSeconds') ?? 30);
    expect(
      grace,
      `${deployment?.file}: terminationGracePeriodSeconds ${grace} leaves no room for a preStop of ${preStop} s, SHUTDOWN_DELAY_SECONDS ${delay} s and the drain`,
    ).toBeGreaterThan(preStop + delay + drainMarginSeconds);
  });

  it('run as non-root on a read-only root filesystem, with a writable /tmp (the socket directory of WORKERS > 1)', () => {
    for (const manifest of [deployment, job]) {
      const pod = podOf(manifest);
      expect(at(pod, 'securityContext', 'runAsNonRoot'), `${manifest?.file}: runAsNonRoot`).toBe(true);
      expect(Number(at(pod, 'securityContext', 'runAsUser')), `${manifest?.file}: runAsUser is the image's node user`).toBe(1000);
      const container = containerOf(manifest);
      expect(at(container, 'securityContext'), `${manifest?.file}: container securityContext`).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(at(container, 'resources', 'limits', 'memory'), `${manifest?.file}: a memory limit`).toBeDefined();
    }
    const tmp = list(field(containerOf(deployment), 'volumeMounts')).find((mount) => field(mount, 'mountPath') === '/tmp');
    const volume = list(field(podOf(deployment), 'volumes')).find((v) => field(v, 'name') === field(tmp, 'name'));
    expect(field(volume, 'emptyDir'), `${deployment?.file}: /tmp is an emptyDir`).toBeDefined();
  });
});

// ---- deploy/systemd ----

describe('deploy/systemd/rpc-dashboard.service', () => {
  const file = 'deploy/systemd/rpc-dashboard.service';
  const service = unitSettings(readProjectFile(file)).Service ?? [];
  /** `Environment=A=1 B=2`'s names and values. */
  const assignments = (value: string): [string, string][] =>
    value.split(/\s+/).map((assignment) => [assignment.slice(0, assignment.indexOf('=')), assignment.slice(assignment.indexOf('=') + 1)]);
  const setting = (name: string) => service.filter(([key]) => key === name).map(([, value]) => value);

  it("runs the release's entry point as its own user, with an EnvironmentFile", () => {
    expect(setting('WorkingDirectory')).toEqual(['/opt/rpc-dashboard']);
    expect(setting('ExecStart')).toEqual([expect.stringMatching(new RegExp(`/node ${releaseEntries.start}$`))]);
    expect(setting('EnvironmentFile')).toHaveLength(1);
    expect(setting('User')).toEqual([expect.not.stringMatching(/^(root|0)$/)]);
    expect(setting('Restart')).toEqual(['on-failure']);
  });

  it('sets only settings the server reads', () => {
    const names = setting('Environment')
      .flatMap(assignments)
      .map(([name]) => name);
    expect(unknownSettings(file, names)).toEqual([]);
  });

  it('stops with SIGTERM and waits beyond the shutdown delay', () => {
    expect(setting('KillSignal')).toEqual(['SIGTERM']);
    const env = Object.fromEntries(setting('Environment').flatMap(assignments));
    const delay = shutdownDelay(env);
    const timeout = Number(setting('TimeoutStopSec')[0] ?? 90);
    expect(
      timeout,
      `${file}: TimeoutStopSec ${timeout} leaves no room for SHUTDOWN_DELAY_SECONDS ${delay} s and the drain`,
    ).toBeGreaterThan(delay + drainMarginSeconds);
  });

  it('is hardened', () => {
    const expected = { NoNewPrivileges: 'yes', ProtectSystem: 'strict', ProtectHome: 'yes', PrivateTmp: 'yes' };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, setting(name)[0]]))).toEqual(expected);
  });
});

// ---- deploy/grafana ----

describe('deploy/grafana/provisioning', () => {
  it('parses', () => {
    const dir = 'deploy/grafana/provisioning';
    const files = readdirSync(join(projectRoot, dir), { recursive: true, encoding: 'utf8' }).filter((name) => /\.ya?ml$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const problems = files.flatMap((name) =>
      parseAllDocuments(readProjectFile(`${dir}/${name}`)).flatMap((document) =>
        document.errors.map((error) => `${dir}/${name}: ${error.message}`),
      ),
    );
    expect(problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { cutLockfile, type Lockfile, resolveLocked } from '@server/release-lock';

/** A project's lockfile in the shape npm writes: a server package, a build tool, nested and optional packages. */
const project: Lockfile = {
  name: 'app',
  version: '1.0.0',
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: 'app', version: '1.0.0', dependencies: { server: '^1', spa: '^1' }, devDependencies: { tool: '^1' } },
    'node_modules/server': {
      version: '1.2.0',
      integrity: 'sha512-server',
      dependencies: { util: '^2', shared: '^1' },
      optionalDependencies: { 'native-linux': '1.2.0', 'native-darwin': '1.2.0' },
      peerDependencies: { peer: '^1', 'optional-peer': '^1' },
      peerDependenciesMeta: { 'optional-peer': { optional: true } },
    },
    // The version server needs, nested under it; the top-level util is another major, for the tool.
    'node_modules/server/node_modules/util': { version: '2.0.0', integrity: 'sha512-util2' },
    'node_modules/util': { version: '1.0.0', integrity: 'sha512-util1', dev: true },
    'node_modules/shared': { version: '1.0.0', integrity: 'sha512-shared', devOptional: true },
    'node_modules/native-linux': { version: '1.2.0', integrity: 'sha512-native', optional: true, os: ['linux'] },
    'node_modules/peer': { version: '1.0.0', integrity: 'sha512-peer', peer: true },
    'node_modules/spa': { version: '1.0.0', integrity: 'sha512-spa' },
    'node_modules/tool': { version: '3.0.0', integrity: 'sha512-tool', dev: true, dependencies: { util: '^1' } },
  },
};

describe('resolveLocked: where Node finds a package from another', () => {
  it.each([
    ['', 'server', 'node_modules/server'],
    ['node_modules/server', 'util', 'node_modules/server/node_modules/util'],
    ['node_modules/tool', 'util', 'node_modules/util'],
    ['node_modules/server/node_modules/util', 'shared', 'node_modules/shared'],
    ['node_modules/server', 'native-darwin', null],
  ])('from %j, %s is %j', (from, name, found) => {
    expect(resolveLocked(project.packages, from, name)).toBe(found);
  });
});

describe('cutLockfile: the release lock', () => {
  const cut = cutLockfile(project, { name: 'app', version: '1.0.0', engines: { node: '>=20' } }, ['server']);

  it('names the release with exact versions of its dependencies', () => {
    expect(cut.packages['']).toEqual({ name: 'app', version: '1.0.0', dependencies: { server: '1.2.0' }, engines: { node: '>=20' } });
    expect(cut).toMatchObject({ name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true });
  });

  it('keeps what the dependencies reach, at the paths Node resolves them from, and nothing else', () => {
    expect(Object.keys(cut.packages).sort()).toEqual([
      '',
      'node_modules/native-linux',
      'node_modules/peer',
      'node_modules/server',
      'node_modules/server/node_modules/util',
      'node_modules/shared',
    ]);
  });

  it('keeps each entry as the project locked it, without its dev flags (devOptional becomes optional)', () => {
    expect(cut.packages['node_modules/server/node_modules/util']).toEqual({ version: '2.0.0', integrity: 'sha512-util2' });
    expect(cut.packages['node_modules/shared']).toEqual({ version: '1.0.0', integrity: 'sha512-shared', optional: true });
    expect(cut.packages['node_modules/native-linux']).toMatchObject({ optional: true, os: ['linux'] });
    expect(cut.packages['node_modules/peer']).toMatchObject({ version: '1.0.0', peer: true });
  });

  it("skips an optional dependency or peer the lock does not have (another platform's binary), refuses a required one", () => {
    expect(cut.packages['node_modules/native-darwin']).toBeUndefined();
    const withoutPeer: Lockfile = {
      ...project,
      packages: Object.fromEntries(Object.entries(project.packages).filter(([path]) => path !== 'node_modules/peer')),
    };
    expect(() => cutLockfile(withoutPeer, { name: 'app', version: '1.0.0' }, ['server'])).toThrow(
      'package-lock.json has no peer (needed by node_modules/server): run npm install',
    );
    expect(() => cutLockfile(project, { name: 'app', version: '1.0.0' }, ['missing'])).toThrow(
      'package-lock.json has no missing (needed by the release)',
    );
  });
});

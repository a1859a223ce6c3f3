import { describe, expect, it } from 'vitest';
import { paths, toComingSoon } from '@/domain/paths';
import { guardedPatterns } from '@/domain/route-table';
import { comingSoonTarget, isCurrentEntry, navEntries, readingOfConfig, routeReading } from '@/domain/route-reading';

describe('comingSoonTarget (SPEC.md §2, the coming-soon reading)', () => {
  it.each([
    ['/webhooks', '/coming-soon/webhooks'],
    ['/webhooks/new', '/coming-soon/webhooks'],
    ['/dedicated-nodes', '/coming-soon/dedicated-nodes'],
    ['/dedicated-nodes/x/y', '/coming-soon/dedicated-nodes'],
    ['/usage', '/coming-soon/usage'],
    ['/usage/methods/eth_call', '/coming-soon/usage'],
    ['/settings/', '/coming-soon/settings'],
    ['/endpoints', '/coming-soon/endpoints'],
    ['/endpoints/mainnet', '/coming-soon/endpoints'],
    ['/', null],
    ['/keys', null],
    ['/billing', null],
    ['/usage-x', null],
    ['/coming-soon/usage', null],
    ['/support', null],
    ['', null],
  ])('%s → %s', (path, expected) => expect(comingSoonTarget(path)).toBe(expected));
});

describe('navEntries', () => {
  it('is off by default: the screens reading', () => {
    expect(routeReading(false)).toBe('screens');
    expect(routeReading(true)).toBe('coming-soon');
  });

  it("lists SPEC.md's sidebar exactly under the coming-soon reading", () => {
    const { main, bottom } = navEntries['coming-soon'];
    expect(main.map(({ label, soon }) => (soon ? `${label} (Soon)` : label))).toEqual([
      'Dashboard',
      'API Keys',
      'Webhooks (Soon)',
      'Dedicated Nodes (Soon)',
      'Usage (Soon)',
      'RPC Testing',
      'Billing',
      'Project Settings (Soon)',
    ]);
    expect(bottom.map(({ label, soon }) => (soon ? `${label} (Soon)` : label))).toEqual(['System Status (Soon)', 'Support']);
  });

  it('marks Soon only what leads to a coming-soon page, in both readings', () => {
    for (const { main, bottom } of Object.values(navEntries)) {
      for (const entry of [...main, ...bottom]) expect(entry.soon === true).toBe(entry.href.startsWith(paths.comingSoon));
    }
  });

  it('links every guarded screen of the screens reading that a user opens from the sidebar, and /status', () => {
    const { main, bottom } = navEntries.screens;
    const hrefs = [...main, ...bottom].map((entry) => entry.href);
    const screens = [paths.home, paths.keys, paths.endpoints, paths.webhooks, paths.dedicatedNodes, paths.usage];
    expect(hrefs).toEqual(expect.arrayContaining([...screens, paths.rpcTesting, paths.billing, paths.settings, paths.support]));
    expect(hrefs.indexOf(paths.endpoints)).toBe(hrefs.indexOf(paths.keys) + 1);
    for (const href of hrefs.filter((href) => href !== paths.status))
      expect(
        guardedPatterns.some((pattern) => href === pattern || pattern.startsWith(`${href}/`) || href.startsWith(`${paths.comingSoon}/`)),
      ).toBe(true);
  });

  it('links System Status to /status under the screens reading, to its placeholder under the coming-soon reading', () => {
    expect(navEntries.screens.bottom).toEqual([
      { label: 'System Status', href: paths.status },
      { label: 'Support', href: paths.support },
    ]);
    expect(navEntries['coming-soon'].bottom).toEqual([
      { label: 'System Status', href: toComingSoon('system-status'), soon: true },
      { label: 'Support', href: paths.support },
    ]);
  });
});

describe('readingOfConfig', () => {
  it.each([
    [undefined, false, undefined],
    [undefined, true, 'screens'],
    [{ comingSoonScreens: false }, false, 'screens'],
    [{ comingSoonScreens: true }, false, 'coming-soon'],
    [{ comingSoonScreens: true }, true, 'coming-soon'],
  ] as const)('config %o, failed %s → %s', (config, failed, expected) => expect(readingOfConfig(config, failed)).toBe(expected));
});

describe('isCurrentEntry', () => {
  it.each([
    ['/', '/', true],
    ['/keys', '/', false],
    ['/usage/methods', '/usage', true],
    ['/usage-x', '/usage', false],
    ['/coming-soon/usage', '/coming-soon/usage', true],
  ])('%s is under %s: %s', (location, href, expected) => expect(isCurrentEntry(location, href)).toBe(expected));
});

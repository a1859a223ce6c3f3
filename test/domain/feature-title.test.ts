import { describe, expect, it } from 'vitest';
import { featureTitle } from '@/domain/feature-title';
import { navEntries } from '@/domain/route-reading';

describe('featureTitle (SPEC.md "Coming soon")', () => {
  it.each([
    ['webhooks', 'Webhooks'],
    ['dedicated-nodes', 'Dedicated Nodes'],
    ['usage', 'Usage'],
    ['settings', 'Project Settings'],
    ['system-status', 'System Status'],
    ['access-control-lists', 'Access Control Lists'],
    ['a--b', 'A B'],
    ['ünïcode-name', 'Ünïcode Name'],
    ['grpc', 'Grpc'],
    ['Webhooks', 'Webhooks'],
    ['--', 'Coming Soon'],
    ['', 'Coming Soon'],
    [undefined, 'Coming Soon'],
  ])('%s → %s', (feature, expected) => expect(featureTitle(feature)).toBe(expected));
});

describe('the coming-soon pages are titled as the sidebar names them', () => {
  const placeholders = [...navEntries['coming-soon'].main, ...navEntries['coming-soon'].bottom].filter((entry) =>
    entry.href.startsWith('/coming-soon/'),
  );
  it('covers every placeholder of the sidebar', () => {
    expect(placeholders.map((entry) => entry.label)).toEqual(['Webhooks', 'Dedicated Nodes', 'Usage', 'Project Settings', 'System Status']);
  });
  it.each(placeholders)('$href → $label', (entry) => {
    expect(featureTitle(decodeURIComponent(entry.href.slice('/coming-soon/'.length)))).toBe(entry.label);
  });
});

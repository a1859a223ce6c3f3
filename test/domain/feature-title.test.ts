import { describe, expect, it } from 'vitest';
import { featureTitle } from '@/domain/feature-title';

describe('featureTitle (SPEC.md "Coming soon")', () => {
  it.each([
    ['webhooks', 'Webhooks'],
    ['dedicated-nodes', 'Dedicated Nodes'],
    ['usage', 'Usage & Metrics'],
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

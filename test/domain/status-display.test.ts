import { describe, expect, it } from 'vitest';
import {
  errorRateLabel,
  headBlockLabel,
  incidentEndLabel,
  incidentKindLabel,
  incidentPeriodLabel,
  utcMinuteLabel,
  latencyP50Label,
  type NetworkState,
  networkLabelOf,
  nodesServingLabel,
  overallLine,
  overallState,
  stateLabel,
} from '@/domain/status-display';

describe('overallState and overallLine', () => {
  it.each<[NetworkState[], NetworkState | null, string]>([
    [['operational', 'operational'], 'operational', 'All networks are operational.'],
    [['operational', 'degraded'], 'degraded', 'Some networks are degraded.'],
    [['degraded', 'down', 'operational'], 'down', 'Some networks are down.'],
    [['down'], 'down', 'Some networks are down.'],
    [[], null, 'No networks are configured.'],
  ])('%j → %s', (states, worst, line) => {
    expect(overallState(states)).toBe(worst);
    expect(overallLine(states)).toBe(line);
  });
});

describe('network figures', () => {
  it.each<[NetworkState, string]>([
    ['operational', 'Operational'],
    ['degraded', 'Degraded'],
    ['down', 'Down'],
  ])('state %s reads %s', (state, label) => expect(stateLabel(state)).toBe(label));

  it.each<[number | null, string]>([
    [19_000_123, '19,000,123'],
    [999, '999'],
    [0, '0'],
    [null, '—'],
  ])('head block %s → %s', (block, label) => expect(headBlockLabel(block)).toBe(label));

  it.each<[number, number, string]>([
    [2, 3, '2 of 3 nodes serving'],
    [0, 1, '0 of 1 node serving'],
    [1, 1, '1 of 1 node serving'],
    [0, 0, '0 of 0 nodes serving'],
  ])('%i healthy of %i → %s', (healthy, configured, label) => expect(nodesServingLabel(healthy, configured)).toBe(label));

  it.each<[number | null, string]>([
    [38, '38 ms'],
    [37.6, '38 ms'],
    [1_250, '1,250 ms'],
    [null, '—'],
  ])('latency %s → %s', (ms, label) => expect(latencyP50Label(ms)).toBe(label));

  it.each<[number | null, string]>([
    [0, '0%'],
    [0.012, '1.2%'],
    [0.5, '50%'],
    [1, '100%'],
    [0.12345, '12.35%'],
    [0.0001, '0.01%'],
    [0.00004, '<0.01%'],
    [null, '—'],
  ])('error rate %s → %s', (rate, label) => expect(errorRateLabel(rate)).toBe(label));
});

describe('incidents', () => {
  it('says the kind in words', () => {
    expect(incidentKindLabel('network_down')).toBe('Network down');
    expect(incidentKindLabel('node_out')).toBe('Node out of rotation');
  });

  it.each<[string | null, string]>([
    ['2026-11-27T11:03:00.000Z', '2026-11-27 11:03 UTC'],
    [null, 'ongoing'],
  ])('ended %s → %s', (endedAt, label) => expect(incidentEndLabel(endedAt)).toBe(label));

  it.each<[string, string | null, string]>([
    ['2026-11-27T11:00:00.000Z', '2026-11-27T11:03:00.000Z', '2026-11-27 11:00 UTC – 2026-11-27 11:03 UTC'],
    ['2026-11-27T11:58:00.000Z', null, '2026-11-27 11:58 UTC – ongoing'],
  ])('lasted from %s to %s → %s', (startedAt, endedAt, label) => expect(incidentPeriodLabel(startedAt, endedAt)).toBe(label));

  it('gives the start to the minute in UTC', () => {
    expect(utcMinuteLabel('2026-11-27T11:58:42.123+01:00')).toBe('2026-11-27 10:58 UTC');
  });

  it.each<[string, string]>([
    ['alpha', 'Alpha Net'],
    ['gone', 'gone'],
  ])('labels network %s as %s', (name, label) => {
    expect(
      networkLabelOf(
        [
          { name: 'alpha', label: 'Alpha Net' },
          { name: 'beta', label: 'Beta Net' },
        ],
        name,
      ),
    ).toBe(label);
  });
});

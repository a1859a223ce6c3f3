import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLockfile, readProjectPackage } from '@server/package-files';

describe('readProjectPackage and readLockfile', () => {
  it("read the project's own files", () => {
    const project = readProjectPackage(readFileSync('package.json', 'utf8'));
    expect(project.name).toBe('rpc-dashboard');
    expect(project.dependencies?.fastify).toMatch(/\d/);
    const lock = readLockfile(readFileSync('package-lock.json', 'utf8'));
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages['node_modules/fastify']?.version).toMatch(/\d/);
  });

  it.each([
    ['[]', 'package.json: the document must be a JSON object'],
    ['{"version":"1"}', 'package.json: name must be a string'],
    ['{"name":"x","version":"1","dependencies":{"a":1}}', 'package.json: dependencies must be an object of strings'],
    ['{"name":"x","version":"1","overrides":[]}', 'package.json: overrides must be an object'],
  ])('refuse package.json %s', (json, message) => {
    expect(() => readProjectPackage(json)).toThrow(message);
  });

  it.each([
    ['{"name":"x","version":"1","packages":{}}', 'package-lock.json: lockfileVersion must be a number'],
    ['{"name":"x","version":"1","lockfileVersion":3}', 'package-lock.json: packages must be an object'],
    [
      '{"name":"x","version":"1","lockfileVersion":3,"packages":{"node_modules/a":1}}',
      'package-lock.json: packages["node_modules/a"] must be an object',
    ],
    [
      '{"name":"x","version":"1","lockfileVersion":3,"packages":{"node_modules/a":{"version":2}}}',
      'package-lock.json: packages["node_modules/a"].version must be a string',
    ],
    [
      '{"name":"x","version":"1","lockfileVersion":3,"packages":{"node_modules/a":{"dev":"yes"}}}',
      'package-lock.json: packages["node_modules/a"].dev must be true or false',
    ],
  ])('refuse package-lock.json %s', (json, message) => {
    expect(() => readLockfile(json)).toThrow(message);
  });
});

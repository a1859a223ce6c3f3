import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { QueryClient } from '@tanstack/react-query';
import type { components, paths } from '@/api/schema';
import { fetchAccessControl } from '@/api/access-control-calls';
import { api, bodyOf } from '@/api/client';
import { storedId } from '@/api/key-calls';
import type { AccessSettings } from '@/domain/access-control';
import type { KeyRules } from '@/domain/key-rules';

const copied = (values: readonly string[] | null) => (values === null ? null : [...values]);

/** The contract's KeyRules for a PUT (its lists are plain arrays). */
function keyRulesBody(rules: KeyRules): components['schemas']['KeyRules'] {
  return {
    domains: copied(rules.domains),
    ips: copied(rules.ips),
    cidrs: copied(rules.cidrs),
    allowNoOrigin: rules.allowNoOrigin,
    methods: [...rules.methods],
    contracts: [...rules.contracts],
    creditsPerDay: rules.creditsPerDay,
    creditsPerCycle: rules.creditsPerCycle,
  };
}

/**
 * GET and PUT /apiKeys/{id}/rules. Each resolves with the rules the server holds or rejects with a
 * CallFailed (a refused save carries every problem as '{list}: {value}: {message}').
 */
export function createKeyRulesCalls(client: Client<paths>) {
  return {
    async load(id: string, signal?: AbortSignal): Promise<KeyRules> {
      return bodyOf(await client.GET('/apiKeys/{id}/rules', { params: { path: { id: storedId(id) } }, signal }));
    },
    async save({ id, rules }: { id: string; rules: KeyRules }, signal?: AbortSignal): Promise<KeyRules> {
      const path = { id: storedId(id) };
      return bodyOf(await client.PUT('/apiKeys/{id}/rules', { params: { path }, body: keyRulesBody(rules), signal }));
    },
  };
}

export type KeyRulesCalls = ReturnType<typeof createKeyRulesCalls>;

/**
 * For `keyRulesEditorMachine.provide({ actors })`: opening reads the key's rules and, through the
 * query cache, the project's lists they stand in for.
 */
export function keyRulesActorsOver(calls: KeyRulesCalls, projectLists: () => Promise<AccessSettings>) {
  return {
    loadKeyRules: fromPromise<{ rules: KeyRules; project: AccessSettings }, { id: string }>(async ({ input, signal }) => {
      const [rules, project] = await Promise.all([calls.load(input.id, signal), projectLists()]);
      return { rules, project };
    }),
    saveKeyRules: fromPromise<KeyRules, { id: string; rules: KeyRules }>(({ input, signal }) => calls.save(input, signal)),
  };
}

export type KeyRulesActors = ReturnType<typeof keyRulesActorsOver>;

const realCalls = createKeyRulesCalls(api);

/** The real calls, over the app's query cache. */
export const keyRulesActors = (queryClient: QueryClient): KeyRulesActors =>
  keyRulesActorsOver(realCalls, () => fetchAccessControl(queryClient));

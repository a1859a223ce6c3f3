import { KEY_RULE_KINDS, keyRuleListProblems, normalizeKeyRuleValue, type KeyRuleKind } from '@/domain/key-rules';
import { badRequest, notFound } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { describeProblem } from '@server/handlers/access-control';
import { keyNotFound } from '@server/handlers/api-keys';
import { getKeyRules, lockKeyRules, putKeyRules, type KeyRules } from '@server/repos/key-rules';
import { changedFields } from '@/domain/audit-log';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { keyTarget } from '@server/audit/targets';
import { inProject, type Services } from '@server/handlers/services';

function listOf(rules: KeyRules, kind: KeyRuleKind): string[] | null {
  return rules[kind];
}

/** Every problem of the key's own lists ('{list}: {value}: {message}'), with the editor's rules (src/domain/key-rules.ts). */
function keyRulesProblems(rules: KeyRules): string[] {
  return KEY_RULE_KINDS.flatMap((kind) => {
    const values = listOf(rules, kind);
    return values === null ? [] : keyRuleListProblems(kind, values).map((problem) => describeProblem(kind, problem));
  });
}

function normalizedList(kind: KeyRuleKind, values: string[] | null): string[] | null {
  return values === null ? null : values.map((value) => normalizeKeyRuleValue(kind, value));
}

function normalized(rules: KeyRules): KeyRules {
  return {
    domains: normalizedList('domains', rules.domains),
    ips: normalizedList('ips', rules.ips),
    cidrs: normalizedList('cidrs', rules.cidrs),
    allowNoOrigin: rules.allowNoOrigin,
    methods: rules.methods.map((value) => normalizeKeyRuleValue('methods', value)),
    contracts: rules.contracts.map((value) => normalizeKeyRuleValue('contracts', value)),
    creditsPerDay: rules.creditsPerDay,
    creditsPerCycle: rules.creditsPerCycle,
  };
}

/**
 * A key's own access rules (src/domain/key-rules.ts): read and replaced whole. Saving drops the
 * gateway's cached copy of the key on every replica, and closes its WebSockets that the new rules
 * no longer let in.
 */
export function createKeyRulesHandlers({ db, clock, keyCache }: Services): Pick<OperationHandlers, 'getKeyRules' | 'putKeyRules'> {
  return {
    getKeyRules: async (input) => {
      const rules = await getKeyRules(db, inProject(input).projectId, input.params.id);
      if (rules === null) throw notFound(keyNotFound);
      return { status: 200, body: rules };
    },

    /** 400 listing every refused value; nothing is saved then. 404 for a key that is not the user's. */
    putKeyRules: async (input) => {
      const auth = inProject(input);
      const problems = keyRulesProblems(input.body);
      if (problems.length > 0) throw badRequest(problems);
      const saved = await db.transaction(async (tx) => {
        const before = await lockKeyRules(tx, auth.projectId, input.params.id);
        if (before === null) throw notFound(keyNotFound);
        const after = await putKeyRules(tx, auth.projectId, input.params.id, normalized(input.body));
        if (after === null) throw notFound(keyNotFound);
        const changes = changedFields(before.rules, after.rules);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'key_rules.updated',
            target: keyTarget(before.key),
            changes,
          });
        }
        return after;
      });
      keyCache.invalidateKey(saved.apiKey);
      return { status: 200, body: saved.rules };
    },
  };
}

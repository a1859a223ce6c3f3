import type { components } from '@/api/schema';
import { maskKey } from '@/domain/key-display';
import { expiryProblem, graceEnd } from '@/domain/key-lifecycle';
import { readsKeySecrets } from '@/domain/roles';
import { hiddenCharactersProblem } from '@/domain/name-characters';
import { generateApiKey } from '@server/auth/tokens';
import { badRequest, HttpError, notFound, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { deleteApiKey, insertApiKey, listApiKeys, lockKeyLimit, renameApiKey, rollApiKey, setKeyExpiry } from '@server/repos/api-keys';
import { inProject, type Services } from '@server/handlers/services';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { keyTarget } from '@server/audit/targets';
import { changedFields } from '@/domain/audit-log';

/** SPEC.md §8 gives the SPA this text for a 429 on key creation; the server says the same. */
export const keyLimitReached = 'You have reached your maximum API key limit.';
export const blankKeyName = 'The key name cannot be empty.';
/** The same answer for a missing key and another user's key, so key ids reveal nothing. */
export const keyNotFound = 'API key not found.';

/** 'Key 2', 'Key 3'...: numbered after the keys the user has, skipping a name already in use. */
export function defaultKeyName(existingNames: readonly string[]): string {
  const taken = new Set(existingNames);
  let number = existingNames.length + 1;
  while (taken.has(`Key ${number}`)) number += 1;
  return `Key ${number}`;
}

/** The name as stored (trimmed); 400 when blank or holding a control or invisible formatting character. */
function keyName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(blankKeyName);
  const problem = hiddenCharactersProblem(trimmed);
  if (problem !== null) throw badRequest(problem);
  return trimmed;
}

type ApiKeyView = components['schemas']['ApiKey'];

/** A key as a member who does not read secrets sees it: both secrets masked (src/domain/key-display.ts). */
function withMaskedSecrets(key: ApiKeyView): ApiKeyView {
  const masked = { ...key, apiKey: maskKey(key.apiKey) };
  return key.previousKey == null ? masked : { ...masked, previousKey: maskKey(key.previousKey) };
}

type ApiKeyOperations = 'listApiKeys' | 'createApiKey' | 'renameApiKey' | 'deleteApiKey' | 'rollApiKey' | 'setKeyExpiry';

export function createApiKeyHandlers({ db, clock, keyCache }: Services): Pick<OperationHandlers, ApiKeyOperations> {
  return {
    /** A Viewer reads the keys with their secrets masked (readsKeySecrets). */
    listApiKeys: async (input) => {
      const { projectId, role } = inProject(input);
      const keys = await listApiKeys(db, projectId, clock.now());
      return { status: 200, body: readsKeySecrets(role) ? keys : keys.map(withMaskedSecrets) };
    },

    /** Refused with 429 once the user has the plan's maxKey keys (null maxKey = unlimited). */
    createApiKey: async (input) => {
      const auth = inProject(input);
      const { projectId: userId } = auth;
      const requestedName = input.body?.name === undefined ? null : keyName(input.body.name);
      const key = await db.transaction(async (tx) => {
        const maxKeys = await lockKeyLimit(tx, userId);
        if (maxKeys === undefined) throw unauthorized('the account no longer exists');
        const keys = await listApiKeys(tx, userId, clock.now());
        if (maxKeys !== null && keys.length >= maxKeys) throw new HttpError(429, keyLimitReached);
        const name = requestedName ?? defaultKeyName(keys.map((existing) => existing.name));
        const created = await insertApiKey(tx, { userId, name, key: generateApiKey(), now: clock.now() });
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'key.created',
          target: keyTarget(created),
          changes: { name: { after: created.name } },
        });
        return created;
      });
      // The gateway remembers unknown keys for a while: none may hide the key that now exists.
      keyCache.invalidateKey(key.apiKey);
      return { status: 201, body: key };
    },

    /** A rename to the name the key already has changes nothing and records nothing. */
    renameApiKey: async (input) => {
      const auth = inProject(input);
      const name = keyName(input.body.name);
      const key = await db.transaction(async (tx) => {
        const renamed = await renameApiKey(tx, { userId: auth.projectId, id: input.params.id, name, now: clock.now() });
        if (renamed === null) throw notFound(keyNotFound);
        if (renamed.previousName !== renamed.key.name) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'key.renamed',
            target: keyTarget(renamed.key),
            changes: { name: { before: renamed.previousName, after: renamed.key.name } },
          });
        }
        return renamed.key;
      });
      keyCache.invalidateKey(key.apiKey);
      return { status: 200, body: key };
    },

    /** The user's apiKey (GET /users/me) becomes the oldest remaining key, or null after the last one. */
    deleteApiKey: async (input) => {
      const auth = inProject(input);
      const deleted = await db.transaction(async (tx) => {
        const gone = await deleteApiKey(tx, { userId: auth.projectId, id: input.params.id });
        if (gone === null) throw notFound(keyNotFound);
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'key.deleted',
          target: keyTarget(gone),
          changes: { name: { before: gone.name } },
        });
        return gone;
      });
      for (const secret of deleted.secrets) keyCache.invalidateKey(secret);
      return { status: 204 };
    },

    /** A new secret; the old one works until the grace chosen ends (the gateway reads its end from the key). */
    rollApiKey: async (input) => {
      const auth = inProject(input);
      const now = clock.now();
      const { grace } = input.body;
      const rolled = await db.transaction(async (tx) => {
        const done = await rollApiKey(tx, {
          userId: auth.projectId,
          id: input.params.id,
          newKey: generateApiKey(),
          previousUntil: graceEnd(grace, now),
          now,
        });
        if (done === null) throw notFound(keyNotFound);
        await recordAudit(tx, memberOrigin(auth, input.request, clock), {
          action: 'key.rolled',
          target: keyTarget(done.key),
          changes: { grace: { after: grace }, previousKeyUntil: { after: done.key.previousKeyUntil ?? null } },
        });
        return done;
      });
      for (const secret of [rolled.key.apiKey, ...rolled.changed]) keyCache.invalidateKey(secret);
      return { status: 200, body: rolled.key };
    },

    setKeyExpiry: async (input) => {
      const auth = inProject(input);
      const now = clock.now();
      const expiresAt = input.body.expiresAt === null ? null : new Date(input.body.expiresAt);
      const problem = expiryProblem(expiresAt, now);
      if (problem !== null) throw badRequest(problem);
      const key = await db.transaction(async (tx) => {
        const set = await setKeyExpiry(tx, { userId: auth.projectId, id: input.params.id, expiresAt, now });
        if (set === null) throw notFound(keyNotFound);
        const changes = changedFields(
          { expiresAt: set.previousExpiresAt?.toISOString() ?? null },
          { expiresAt: set.key.expiresAt ?? null },
        );
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'key.expiry_changed',
            target: keyTarget(set.key),
            changes,
          });
        }
        return set.key;
      });
      keyCache.invalidateKey(key.apiKey);
      if (key.previousKey) keyCache.invalidateKey(key.previousKey);
      return { status: 200, body: key };
    },
  };
}

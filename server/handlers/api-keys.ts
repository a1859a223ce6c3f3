import { expiryProblem, graceEnd } from '@/domain/key-lifecycle';
import { hiddenCharactersProblem } from '@/domain/name-characters';
import { generateApiKey } from '@server/auth/tokens';
import { badRequest, HttpError, notFound, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { deleteApiKey, insertApiKey, listApiKeys, lockKeyLimit, renameApiKey, rollApiKey, setKeyExpiry } from '@server/repos/api-keys';
import { signedIn, type Services } from '@server/handlers/services';

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

type ApiKeyOperations = 'listApiKeys' | 'createApiKey' | 'renameApiKey' | 'deleteApiKey' | 'rollApiKey' | 'setKeyExpiry';

export function createApiKeyHandlers({ db, clock, keyCache }: Services): Pick<OperationHandlers, ApiKeyOperations> {
  return {
    listApiKeys: async (input) => ({ status: 200, body: await listApiKeys(db, signedIn(input).userId, clock.now()) }),

    /** Refused with 429 once the user has the plan's maxKey keys (null maxKey = unlimited). */
    createApiKey: async (input) => {
      const { userId } = signedIn(input);
      const requestedName = input.body?.name === undefined ? null : keyName(input.body.name);
      const key = await db.transaction(async (tx) => {
        const maxKeys = await lockKeyLimit(tx, userId);
        if (maxKeys === undefined) throw unauthorized('the account no longer exists');
        const keys = await listApiKeys(tx, userId, clock.now());
        if (maxKeys !== null && keys.length >= maxKeys) throw new HttpError(429, keyLimitReached);
        const name = requestedName ?? defaultKeyName(keys.map((existing) => existing.name));
        return insertApiKey(tx, { userId, name, key: generateApiKey(), now: clock.now() });
      });
      // The gateway remembers unknown keys for a while: none may hide the key that now exists.
      keyCache.invalidateKey(key.apiKey);
      return { status: 201, body: key };
    },

    renameApiKey: async (input) => {
      const { userId } = signedIn(input);
      const key = await renameApiKey(db, { userId, id: input.params.id, name: keyName(input.body.name), now: clock.now() });
      if (key === null) throw notFound(keyNotFound);
      keyCache.invalidateKey(key.apiKey);
      return { status: 200, body: key };
    },

    /** The user's apiKey (GET /users/me) becomes the oldest remaining key, or null after the last one. */
    deleteApiKey: async (input) => {
      const { userId } = signedIn(input);
      const deleted = await deleteApiKey(db, { userId, id: input.params.id });
      if (deleted === null) throw notFound(keyNotFound);
      for (const secret of deleted) keyCache.invalidateKey(secret);
      return { status: 204 };
    },

    /** A new secret; the old one works until the grace chosen ends (the gateway reads its end from the key). */
    rollApiKey: async (input) => {
      const { userId } = signedIn(input);
      const now = clock.now();
      const rolled = await rollApiKey(db, {
        userId,
        id: input.params.id,
        newKey: generateApiKey(),
        previousUntil: graceEnd(input.body.grace, now),
        now,
      });
      if (rolled === null) throw notFound(keyNotFound);
      for (const secret of [rolled.key.apiKey, ...rolled.changed]) keyCache.invalidateKey(secret);
      return { status: 200, body: rolled.key };
    },

    setKeyExpiry: async (input) => {
      const { userId } = signedIn(input);
      const now = clock.now();
      const expiresAt = input.body.expiresAt === null ? null : new Date(input.body.expiresAt);
      const problem = expiryProblem(expiresAt, now);
      if (problem !== null) throw badRequest(problem);
      const key = await setKeyExpiry(db, { userId, id: input.params.id, expiresAt, now });
      if (key === null) throw notFound(keyNotFound);
      keyCache.invalidateKey(key.apiKey);
      if (key.previousKey) keyCache.invalidateKey(key.previousKey);
      return { status: 200, body: key };
    },
  };
}

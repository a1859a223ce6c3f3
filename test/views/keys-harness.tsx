import type { RollGrace } from '@/domain/key-lifecycle';
import type { ExpiryChange } from '@machines/key-lifecycle.types';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import type { components } from '@/api/schema';
import type { LoadedKeyRules } from '@machines/key-rules-editor.types';
import { CallFailed } from '@/domain/call-failure';
import type { KeyRules } from '@/domain/key-rules';
import { planOf } from '@/domain/plan-catalog';
import { queryClient } from '@/app/query-client';
import KeysPage from '@/views/keys/keys-page';
import { pendingCall } from '../machines/pending-call';
import { type SessionEffects, renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

type ApiKey = components['schemas']['ApiKey'];
type Plan = components['schemas']['UserPlan'];

export const freePlan: Plan = {
  id: 1,
  name: 'Free',
  description: 'Start building',
  price: 0,
  credit: 500_000,
  rate: 10,
  maxKey: 3,
  billingFrequency: 'MONTHLY',
  entitlements: planOf('Free').entitlements,
};

export function serverKey(id: number, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    name: `Key ${id}`,
    apiKey: `rpc_live_${String(id).padStart(4, '0')}abcdefghijklmnop`,
    createdAt: `2025-02-0${Math.min(9, id)}T10:00:00.000Z`,
    environment: null,
    ...overrides,
  };
}

/** The plan as if GET /users/plan had just answered (the screen keeps it fresh for 30 s). */
export function seedPlan(plan: Plan = freePlan): void {
  queryClient.setQueryData(['get', '/users/plan'], plan);
}

/**
 * /keys with the test's effects. `server.keys` stands for what the server holds: GET /apiKeys
 * answers it (or fails while `server.listFails`), and the tests change it when a create, rename
 * or delete goes through.
 */
export async function renderKeysPage(
  initialKeys: ApiKey[],
  {
    plan = freePlan,
    session,
    wrap = (page) => page,
  }: { plan?: Plan; session?: SessionEffects; wrap?: (page: ReactElement) => ReactElement } = {},
) {
  seedConfig();
  seedPlan(plan);
  const server = { keys: initialKeys, listed: 0, listFails: false };
  const createKey = pendingCall<void, void>('createKey');
  const renameKey = pendingCall<{ name: string }, { id: string; name: string }>('renameKey');
  const deleteKey = pendingCall<void, { id: string }>('deleteKey');
  const writeText = pendingCall<void, { text: string }>('writeText');
  const loadKeyRules = pendingCall<LoadedKeyRules, { id: string }>('loadKeyRules');
  const saveKeyRules = pendingCall<KeyRules, { id: string; rules: KeyRules }>('saveKeyRules');
  const rollKey = pendingCall<void, { id: string; grace: RollGrace }>('rollKey');
  const setKeyExpiry = pendingCall<void, ExpiryChange>('setKeyExpiry');
  const rendered = renderInApp(
    wrap(
      <KeysPage
        actors={{
          generator: { createKey: createKey.logic },
          keyRow: { renameKey: renameKey.logic, deleteKey: deleteKey.logic },
          keyRules: () => ({ loadKeyRules: loadKeyRules.logic, saveKeyRules: saveKeyRules.logic }),
          keyLifecycle: { rollKey: rollKey.logic, setKeyExpiry: setKeyExpiry.logic },
          clipboard: { writeText: writeText.logic },
        }}
        listKeys={async () => {
          server.listed += 1;
          if (server.listFails) throw new CallFailed({ kind: 'no-answer' });
          return server.keys;
        }}
      />,
    ),
    { path: '/keys', session },
  );
  await screen.findByRole('heading', { name: 'API Keys', level: 2 });
  return { server, createKey, renameKey, deleteKey, writeText, loadKeyRules, saveKeyRules, rollKey, setKeyExpiry, ...rendered };
}

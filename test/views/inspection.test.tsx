import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { type InspectionEvent, StateMachine } from 'xstate';
import { accessControlQueryKey } from '@/api/access-control-calls';
import type { Schemas } from '@/api/client';
import { apiKeyListQueryKey } from '@/api/key-calls';
import { $api } from '@/api/query-hooks';
import { queryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/routes';
import { renderInApp, type SessionEffects, testUser } from './app-harness';
import { freePlan, serverKey } from './keys-harness';
import { seedConfig } from './seed-config';
import { seedQuery } from './seed-queries';
import { billingCycleKey, usageReport } from './webhooks-harness';
import { userPlanOf } from '../support/plan-fixtures';

afterEach(() => queryClient.clear());

/** The id of every machine in machines/: each one must report to the app's inspection observer. */
const machineIds = Object.values(import.meta.glob<Record<string, unknown>>('../../machines/*.ts', { eager: true }))
  .flatMap((module) => Object.values(module))
  .filter((value) => value instanceof StateMachine)
  .map((machine) => machine.id)
  .sort();

interface Screen {
  path: string;
  signedIn?: boolean;
  /** Server data of this screen's own, over what every signed-in screen reads (e.g. a paid plan). */
  seed?: () => void;
  /** The session's effects, when the screen needs another user than testUser. */
  session?: SessionEffects;
  /** Resolves once the machine's actor is on screen (its form, button or row is drawn). */
  drawn: () => Promise<unknown>;
}

const button = (name: string | RegExp) => () => screen.findAllByRole('button', { name });

/** Where each machine starts in the app: a machine added to machines/ fails the first test until it is listed here. */
const whereMachinesStart: Record<string, Screen> = {
  auth: { path: '/login', drawn: () => screen.findByRole('heading', { level: 1, name: 'Log in' }) },
  loginForm: { path: '/login', drawn: button('Log in') },
  // The session starts the acting project once signed in, on every signed-in screen.
  actingProject: { path: '/keys', signedIn: true, drawn: button('Generate new key') },
  // Every screen's title asks for the configuration.
  inviteAcceptance: {
    path: `/invite/${'a'.repeat(43)}`,
    drawn: () => screen.findByRole('heading', { level: 1, name: 'Project invitation' }),
  },
  appConfig: { path: '/login', drawn: () => screen.findByRole('heading', { level: 1, name: 'Log in' }) },
  signup: { path: '/signup', drawn: button('Sign up') },
  forgotPassword: { path: '/forgot-password', drawn: button('Send Reset Link') },
  resetPassword: { path: '/reset-password/some-token', drawn: button('Reset Password') },
  authCallback: { path: '/auth/callback?error=Access%20denied', drawn: () => screen.findByRole('alert') },
  verifyEmail: {
    path: '/verify-email?token=some-token',
    drawn: () => screen.findByRole('heading', { level: 1, name: 'Verify e-mail address' }),
  },
  // The notice over the signed-in screens starts while the session's address is unverified.
  verificationNotice: {
    path: '/keys',
    signedIn: true,
    session: { fetchUser: async () => ({ ...testUser, emailVerified: false }) },
    drawn: button('Resend verification link'),
  },
  keyGenerator: { path: '/keys', signedIn: true, drawn: button('Generate new key') },
  keyRow: { path: '/keys', signedIn: true, drawn: button('Rename Key 1') },
  // Each stored key's row starts its rules editor; it reads nothing until its dialog opens.
  keyRulesEditor: { path: '/keys', signedIn: true, drawn: button('Rules of Key 1') },
  // And its roll and expiry dialogs.
  keyLifecycle: { path: '/keys', signedIn: true, drawn: button('Roll Key 1') },
  copyFeedback: { path: '/keys', signedIn: true, drawn: button('Copy key Key 1') },
  rpcTest: { path: '/rpc-testing', signedIn: true, drawn: () => screen.findByLabelText('Method', { selector: 'select' }) },
  // The subscription mode mounts when its tab is first opened.
  wsSubscription: {
    path: '/rpc-testing',
    signedIn: true,
    drawn: async () => {
      fireEvent.click(await screen.findByRole('tab', { name: 'Subscription (WebSocket)' }));
      return screen.findByRole('button', { name: 'Subscribe' });
    },
  },
  accessControlEditor: { path: '/endpoints', signedIn: true, drawn: button(/^Edit /) },
  // The seeded user is on Free, the only plan listed: its card says so instead of offering Upgrade.
  checkout: { path: '/billing', signedIn: true, drawn: () => screen.findAllByText('Current plan') },
  checkoutReturn: { path: '/billing/success', signedIn: true, drawn: () => screen.findByText(/Start from Billing/) },
  legalDocument: { path: '/terms', drawn: () => screen.findByRole('heading', { level: 1, name: 'Terms of Service' }) },
  webhookForm: { path: '/webhooks', signedIn: true, drawn: button('New Webhook') },
  // The multi-select runs inside the open Configure Webhook modal.
  txnTypes: {
    path: '/webhooks',
    signedIn: true,
    drawn: async () => {
      const [newWebhook] = await screen.findAllByRole('button', { name: 'New Webhook' });
      if (newWebhook) fireEvent.click(newWebhook);
      return screen.findByRole('checkbox', { name: 'Any' });
    },
  },
  nodeWizard: { path: '/dedicated-nodes', signedIn: true, drawn: button('Add Your First Dedicated Node') },
  projectName: { path: '/settings', signedIn: true, drawn: button('Edit project name') },
  settingsPage: { path: '/settings', signedIn: true, drawn: button('Save Settings') },
  // The Project Users card reads the acting project's members when drawn.
  projectMembers: { path: '/settings', signedIn: true, drawn: () => screen.findByRole('region', { name: 'Project Users' }) },
  autoscalingForm: { path: '/settings', signedIn: true, drawn: button('Save Settings') },
  // The Usage Alerts card loads its settings when drawn (it reports whether they came or not).
  alertSettings: { path: '/settings', signedIn: true, drawn: () => screen.findByRole('region', { name: 'Usage Alerts' }) },
  // The audit log starts when its tab is opened (jsdom has no server: its first page fails, and it reports all the same).
  auditLog: {
    path: '/settings',
    signedIn: true,
    drawn: async () => {
      fireEvent.click(await screen.findByRole('tab', { name: 'Audit Log' }));
      return screen.findByRole('region', { name: 'Audit Log' });
    },
  },
  // RPC Metrics' charts start on a paid plan (Free shows the lock).
  usageMetrics: {
    path: '/usage',
    signedIn: true,
    seed: () => {
      seedQuery($api.queryOptions('get', '/users/plan').queryKey, userPlanOf('Developer'));
      seedQuery($api.queryOptions('get', '/usage', { params: { query: { range: '1m', groupBy: 'method' } } }).queryKey, usageReport);
    },
    drawn: () => screen.findByRole('radiogroup', { name: 'Time range' }),
  },
  // The request log starts below the charts, on a paid plan, once the key list is there.
  requestLog: {
    path: '/usage',
    signedIn: true,
    seed: () => {
      seedQuery($api.queryOptions('get', '/users/plan').queryKey, userPlanOf('Developer'));
      seedQuery($api.queryOptions('get', '/usage', { params: { query: { range: '1m', groupBy: 'method' } } }).queryKey, usageReport);
    },
    drawn: () => screen.findByRole('checkbox', { name: "Log this key's calls" }),
  },
};

/** What the signed-in screens read from the server, as if it had answered (jsdom has no server). */
function seedServerData() {
  const plan: Schemas['UserPlan'] = freePlan;
  seedQuery($api.queryOptions('get', '/users/me').queryKey, testUser);
  seedQuery($api.queryOptions('get', '/users/plan').queryKey, plan);
  seedQuery(apiKeyListQueryKey, [serverKey(1)]);
  seedQuery(accessControlQueryKey, { domains: [], ips: [], cidrs: [], allowNoOrigin: false });
  seedQuery($api.queryOptions('get', '/project').queryKey, { id: 'prj_00000007', name: 'My Project' });
  seedQuery($api.queryOptions('get', '/plans').queryKey, [plan]);
  seedQuery($api.queryOptions('get', '/users/subscription').queryKey, null);
  seedQuery($api.queryOptions('get', '/payment/invoices').queryKey, []);
  seedQuery(billingCycleKey, usageReport);
}

/** Renders the app at the screen's path with an observer, and returns the ids of the machines whose actors reported. */
async function machinesReportingOn({ path, signedIn = false, seed, session, drawn }: Screen): Promise<Set<string>> {
  seedConfig();
  if (signedIn) {
    localStorage.setItem('token', 'stored-token');
    seedServerData();
  }
  seed?.();
  const reported = new Set<string>();
  const inspect = {
    next: (event: InspectionEvent) => {
      // An actor runs its machine's logic, whether a view started it or a machine invoked it by name
      // (the settings form is the settings machine's child); invoked promises run theirs.
      const actor = event.actorRef;
      if (event.type === '@xstate.actor' && 'logic' in actor && actor.logic instanceof StateMachine) reported.add(actor.logic.id);
    },
  };
  renderInApp(<AppRoutes />, { path, inspect, ...(session === undefined ? {} : { session }) });
  await drawn();
  return reported;
}

describe('every actor the app starts reports to its inspection observer', () => {
  it('knows where every machine of machines/ starts', () => {
    expect(Object.keys(whereMachinesStart).sort()).toEqual(machineIds);
  });

  it.each(Object.entries(whereMachinesStart).map(([id, where]) => [id, where.path, where] as const))(
    '%s reports on %s',
    async (id, _path, where) => {
      const reported = await machinesReportingOn(where);
      expect([...reported]).toContain(id);
      // The session is app-wide: it reports on every screen.
      expect([...reported]).toContain('auth');
    },
  );
});

/** Every module of the SPA, as text. */
const sources = import.meta.glob<string>(['/src/**/*.ts', '/src/**/*.tsx', '!/src/api/schema.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('actors are created in one place', () => {
  // The one place that passes the observer: the views' hook. The two app-wide actors (session,
  // configuration) are started by their providers (createActorContext) with it. A call anywhere
  // else would start an actor the inspector never sees.
  const creators: Record<string, string[]> = {
    '/src/hooks/inspection.ts': ['useActorRef('],
  };

  it.each(Object.entries(sources))('%s creates no actor but through useFlowActor', (path, source) => {
    const creations = source.match(/(?<![.\w])(useActorRef|useIdleActorRef|useMachine|createActor)\(/g) ?? [];
    expect(creations).toEqual(creators[path] ?? []);
  });
});

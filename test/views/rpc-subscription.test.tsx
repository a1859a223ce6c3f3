import { BUILT_IN_NETWORKS, networkLabel } from '@/domain/networks';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import userEvent from '@testing-library/user-event';
import type { RpcRun } from '@machines/rpc-test';
import type { SocketReport } from '@machines/ws-subscription';
import * as ws from '@machines/ws-subscription.selectors';
import type { components } from '@/api/schema';
import { currentApiBase } from '@/api/rpc-calls';
import { queryClient } from '@/app/query-client';
import { websocketUrl } from '@/domain/endpoint-urls';
import type { RpcExchange } from '@/domain/rpc-exchange';
import { reconnectDelay } from '@/domain/reconnect';
import { subscribeRequest } from '@/domain/subscription-messages';
import { formatCount, subscriptionCredits } from '@/domain/subscription-tally';
import RpcTestingPage from '@/views/rpc-testing/rpc-testing-page';
import { fakeSocket } from '../machines/fake-socket';
import { type Executors, describePath } from '../machines/flow-model';
import {
  MODEL_RECONNECT_ATTEMPTS,
  WS_TEST_KEY,
  type WsSubscriptionModelEvent,
  newHead,
  notificationMessage,
  subscribedMessage,
  unsubscribedMessage,
  closes,
  wsSubscriptionFlows,
} from '../machines/models/ws-subscription.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

type ApiKey = components['schemas']['ApiKey'];
const storedKey = (apiKey: string): ApiKey => ({ id: 1, name: 'Key 1', apiKey, createdAt: '2025-02-07T10:00:00.000Z', environment: null });

/** The try the live region says is next ('… (try 2 of 2).'). */
const tryShown = () => Number(/try (\d+) of/.exec(liveRegion().textContent ?? '')?.[1] ?? Number.NaN);

// `hidden: true` skips Testing Library's slow style walk; every element queried here is visible.
const panel = () => screen.getByRole('tabpanel', { name: 'Subscription (WebSocket)', hidden: true });
const inPanel = () => within(panel());
const networkRadio = (name: 'Mainnet' | 'Devnet') => inPanel().getByLabelText(name, { selector: 'input[type=radio]' });
const typeRadio = (name: 'newHeads' | 'logs') => inPanel().getByLabelText(name, { selector: 'input[type=radio]' });
const filterEditor = () => inPanel().queryByLabelText<HTMLTextAreaElement>(/^Log filter/, { selector: 'textarea' });
const urlField = () => inPanel().getByLabelText<HTMLInputElement>('WebSocket URL', { selector: 'input' });
const subscribeButton = () => inPanel().queryByRole('button', { name: 'Subscribe', hidden: true });
const stopButton = () => inPanel().getByRole('button', { name: /^(Unsubscribe|Cancel|Disconnect)$/, hidden: true });
const notificationsRegion = () => screen.getByRole('region', { name: 'Notifications', hidden: true });
const liveRegion = () => within(notificationsRegion()).getByRole('status', { hidden: true });
const figure = (name: string) => within(screen.getByRole('group', { name, hidden: true })).getByText(/^[\d,]+$/);

/** /rpc-testing with a fake socket, its subscription tab opened. */
async function renderSubscription(keys: ApiKey[], user = userEvent.setup({ delay: null })) {
  seedConfig();
  const socket = fakeSocket();
  // The machine's real delays, on a clock the test moves.
  const clock = new SimulatedClock();
  const writeText = pendingCall<void, { text: string }>('writeText');
  const runRpc = pendingCall<RpcExchange, RpcRun>('runRpc');
  renderInApp(
    <RpcTestingPage
      actors={{ rpc: { runRpc: runRpc.logic }, subscription: { socket: socket.logic }, clipboard: { writeText: writeText.logic } }}
      listKeys={() => Promise.resolve(keys)}
      subscriptionTiming={{ clock, reconnectAttempts: MODEL_RECONNECT_ATTEMPTS }}
    />,
    { path: '/rpc-testing' },
  );
  await user.click(await screen.findByRole('tab', { name: 'Subscription (WebSocket)' }));
  await screen.findByRole('heading', { name: 'Subscription' });
  const report = (event: SocketReport) => act(async () => socket.report(event));
  const elapse = (ms: number) => act(async () => clock.increment(ms));
  return { socket, writeText, user, report, elapse };
}

describe.each(wsSubscriptionFlows)('rpc testing subscription mode, key $apiKey, walking the machine paths', ({ apiKey, flow, paths }) => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const { socket, user, report, elapse } = await renderSubscription(apiKey ? [storedKey(apiKey)] : []);

      await flow.run(
        path,
        {
          'ws.network.select': ({ network }) => user.click(networkRadio(network === 'devnet' ? 'Devnet' : 'Mainnet')),
          'ws.subscription.select': ({ subscription }) => user.click(typeRadio(subscription)),
          'ws.filter.edit': async ({ text }) => {
            const editor = filterEditor();
            if (!editor) throw new Error('no filter editor on screen');
            await user.clear(editor);
            await user.click(editor);
            await user.paste(text);
          },
          'ws.subscribe': async () => {
            const button = subscribeButton();
            if (!button) throw new Error('no Subscribe button on screen');
            await user.click(button);
          },
          'ws.unsubscribe': () => user.click(stopButton()),
          'socket.opened': report,
          'socket.message': report,
          'socket.closed': report,
          // Exponential back-off: 1 s before the first try, 2 s before the second.
          'xstate.after.retryDelay.wsSubscription.retrying': async () => {
            const attempt = tryShown();
            const tries = socket.inputs.length;
            await elapse(reconnectDelay(attempt) - 1);
            expect(socket.inputs).toHaveLength(tries);
            await elapse(1);
            expect(socket.inputs).toHaveLength(tries + 1);
          },
          'xstate.after.closeTimeout.wsSubscription.connection.closing': async () => {
            await elapse(4_999);
            expect(socket.running).toBe(true);
            await elapse(1);
          },
        } satisfies Executors<WsSubscriptionModelEvent>,
        (expected) => {
          const { network, subscription, filterText, lastNotification, tally } = expected.context;
          const phase = ws.selectPhase(expected);
          expect(urlField()).toHaveProperty('value', websocketUrl(currentApiBase(), network, apiKey));
          expect(networkRadio('Devnet')).toHaveProperty('checked', network === 'devnet');
          expect(networkRadio('Mainnet')).toHaveProperty('disabled', ws.selectNetworkLocked(expected));
          expect(typeRadio('logs')).toHaveProperty('checked', subscription === 'logs');
          expect(typeRadio('logs')).toHaveProperty('disabled', ws.selectFormLocked(expected));
          expect(filterEditor()?.value ?? null).toBe(subscription === 'logs' ? filterText : null);
          const problem = ws.selectFilterProblem(expected);
          if (problem) expect(within(panel()).getByText(problem)).toBeTruthy();
          // The socket runs while the machine holds a connection, on this key and network; Subscribe sent the form's params.
          expect(socket.running).toBe(expected.matches('connection'));
          if (expected.matches('connection')) expect(socket.inputs.at(-1)).toEqual({ network, apiKey: WS_TEST_KEY });
          if (phase === 'subscribing') {
            const sent = socket.commands.at(-1);
            expect(sent?.type === 'socket.send' && JSON.parse(sent.text)).toMatchObject({ method: 'eth_subscribe' });
          }
          // The button: Subscribe (disabled while the form cannot be sent), else what stops the connection.
          const subscribes = phase === 'closed' || phase === 'failed' || phase === 'open';
          if (subscribes) expect(subscribeButton()).toHaveProperty('disabled', !ws.selectCanSubscribe(expected));
          else expect(subscribeButton()).toBeNull();
          if (phase === 'closing')
            expect(inPanel().getByRole('button', { name: 'Unsubscribing...', hidden: true }).getAttribute('aria-disabled')).toBe('true');
          else if (!subscribes || phase === 'open') expect(stopButton().textContent).toBe(ws.selectStopLabel(expected));
          // The live region says where the connection stands, and the count at milestones.
          expect(liveRegion().textContent).toBe(
            `${ws.selectStatusText(expected, networkLabel(BUILT_IN_NETWORKS, expected.context.network))}${ws.selectAnnouncement(expected)}`,
          );
          const error = ws.selectError(expected);
          const alert = within(notificationsRegion()).queryByRole('alert', { hidden: true });
          expect(alert?.textContent ?? null).toBe(error);
          expect(figure('Notifications received').textContent).toBe(formatCount(tally.notifications));
          expect(figure('Credits used').textContent).toBe(formatCount(subscriptionCredits(tally)));
          const shown = screen.queryByRole('region', { name: 'Last notification JSON', hidden: true });
          expect(shown?.textContent ?? null).toBe(lastNotification);
        },
      );
    });
  }
});

describe('rpc testing subscription mode', () => {
  it('subscribes with the API key chosen above the tabs', async () => {
    const user = userEvent.setup({ delay: null });
    const second: ApiKey = { ...storedKey('ws_live_second'), id: 2, name: 'Key 2' };
    const { socket } = await renderSubscription([storedKey('ws_live_first'), second], user);
    await user.selectOptions(screen.getByLabelText('API key', { selector: 'select' }), '2');
    expect(urlField().value).toBe(websocketUrl(currentApiBase(), 'mainnet', 'ws_live_second'));
    const button = subscribeButton();
    if (!button) throw new Error('no Subscribe button');
    await user.click(button);
    expect(socket.inputs).toEqual([{ network: 'mainnet', apiKey: 'ws_live_second' }]);
  });

  it('subscribes from the keyboard alone, counts what arrives and says it politely, then unsubscribes', async () => {
    const user = userEvent.setup({ delay: null });
    const { socket, report } = await renderSubscription([storedKey('ws_live_first')], user);
    // The tab's panel, then the form: the network, the URL and its Copy, the type, Subscribe.
    const button = subscribeButton();
    if (!button) throw new Error('no Subscribe button');
    button.focus();
    await user.keyboard('{Enter}');
    expect(socket.inputs).toEqual([{ network: 'mainnet', apiKey: 'ws_live_first' }]);
    await report({ type: 'socket.opened' });
    expect(socket.commands).toEqual([{ type: 'socket.send', text: subscribeRequest(['newHeads']) }]);
    await report(subscribedMessage);
    // The same button, now Unsubscribe, still has the focus.
    expect(document.activeElement?.textContent).toBe('Unsubscribe');
    for (let i = 0; i < 12; i += 1) await report(notificationMessage);
    expect(liveRegion().textContent).toContain('10 notifications received.');
    expect(figure('Notifications received').textContent).toBe('12');
    expect(figure('Credits used').textContent).toBe(
      formatCount(subscriptionCredits({ notifications: 12, subscribes: 1, unsubscribes: 0 })),
    );
    expect(JSON.parse(screen.getByRole('region', { name: 'Last notification JSON' }).textContent ?? '')).toEqual(newHead);
    expect(notificationsRegion().getAttribute('aria-busy')).toBe('false');
    await user.keyboard('{Enter}');
    await report(unsubscribedMessage);
    expect(socket.commands.at(-1)).toEqual({ type: 'socket.close' });
    await report(closes.normal);
    expect(liveRegion().textContent).toContain('Unsubscribed: the connection is closed.');
    expect(document.activeElement?.textContent).toBe('Subscribe');
    expect(figure('Credits used').textContent).toBe(
      formatCount(subscriptionCredits({ notifications: 12, subscribes: 1, unsubscribes: 1 })),
    );
  });

  it('keeps the subscription running while the HTTP tab is shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { socket, report } = await renderSubscription([storedKey('ws_live_first')], user);
    const button = subscribeButton();
    if (!button) throw new Error('no Subscribe button');
    await user.click(button);
    await report({ type: 'socket.opened' });
    await report(subscribedMessage);
    await user.click(screen.getByRole('tab', { name: 'HTTP request' }));
    expect(screen.getByLabelText('Method', { selector: 'select' })).toBeTruthy();
    await report(notificationMessage);
    await user.click(screen.getByRole('tab', { name: 'Subscription (WebSocket)' }));
    expect(figure('Notifications received').textContent).toBe('1');
    expect(socket.running).toBe(true);
  });

  it('copies the WebSocket URL the gateway answers', async () => {
    const user = userEvent.setup({ delay: null });
    const { writeText } = await renderSubscription([storedKey('ws_live_first')], user);
    await user.click(inPanel().getByRole('button', { name: 'Copy WebSocket URL' }));
    expect(writeText.inputs).toEqual([{ text: websocketUrl(currentApiBase(), 'mainnet', 'ws_live_first') }]);
    expect(urlField().value).toMatch(/^ws:\/\/.+\/api\/v1\/mainnet\/ws_live_first$/);
  });

  it('says a key is needed, and links to API Keys, when the user has none', async () => {
    await renderSubscription([]);
    expect(inPanel().getByText(/You need an API key to subscribe/)).toBeTruthy();
    expect(inPanel().getByRole('link', { name: 'Generate one in API Keys' }).getAttribute('href')).toBe('/keys');
    expect(subscribeButton()).toHaveProperty('disabled', true);
  });
});

import { me, putOnPlan } from '../server/gateway-harness';
import { signedInUser } from '../server/helpers/accounts';
import { startTestApp } from '../server/helpers/test-app';
import type { PlanName } from '@/domain/plan-catalog';

/**
 * The real server for the DOM tests of billing, in a process of its own: the DOM tests run in
 * jsdom, whose module transform cannot load the server (its migrations are found through
 * `import.meta.url`). It listens on a loopback port and answers the harness's few requests for
 * what no API call may do (an account, an Enterprise plan) over IPC.
 */
type Request = { id: number; type: 'account'; label: string } | { id: number; type: 'setPlan'; token: string; plan: PlanName };

const send = (message: unknown) => process.send?.(message);

const server = await startTestApp();
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
if (address === null || typeof address === 'string') throw new Error('the server listens on no port');
send({ type: 'ready', port: address.port });

process.on('message', (message: Request) => {
  const answer = async () => {
    if (message.type === 'account') return signedInUser(server.app, message.label);
    const user = await me(server.app, message.token);
    await putOnPlan(server.app, server.clock, user.id, message.plan);
    return null;
  };
  answer().then(
    (result) => send({ id: message.id, result }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  );
});
// The test's process ends this one by disconnecting (or dying).
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});

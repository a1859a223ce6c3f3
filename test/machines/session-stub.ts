import { createActor, fromCallback } from 'xstate';
import type { SessionReply, SessionRequest } from '@machines/auth';

/**
 * A stand-in for the app-wide session, for the machines that ask it to sign in (login form, auth
 * callback): it records their requests and, when the test says so, answers the last one the way
 * the session does, with an event to the request's `replyTo`.
 */
export function sessionStub() {
  const requests: SessionRequest[] = [];
  const actor = createActor(
    fromCallback<SessionRequest>(({ receive }) => {
      receive((request) => void requests.push(request));
    }),
  ).start();
  const answer = (type: SessionReply['type']) => {
    const replyTo = requests.at(-1)?.replyTo;
    if (!replyTo) throw new Error('nothing was asked of the session that it could answer');
    replyTo.send({ type });
  };
  return { actor, requests, answer };
}

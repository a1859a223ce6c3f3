/** A JSON-RPC call's body as clients send it. */
export function rpcBody(method: string, params: readonly unknown[], id = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params });
}

/** The result of posting `body` to `url`; throws with the answer when it is an error or carries no result. */
export async function resultOf(url: string, body: string): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer: unknown = await response.json();
  if (typeof answer !== 'object' || answer === null || !('result' in answer) || 'error' in answer)
    throw new Error(`${body} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.result;
}

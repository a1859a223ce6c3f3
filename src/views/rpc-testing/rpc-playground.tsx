import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import * as rpcTest from '@machines/rpc-test';
import { currentApiBase } from '@/api/rpc-calls';
import { useFlowActor } from '@/hooks/inspection';
import { NetworkSwitch } from '@/components/network-switch';
import type { PlaygroundPrefill } from '@/domain/playground-link';
import { rpcUrl } from '@/domain/rpc-urls';
import { MethodSelect } from './method-select';
import { JsonEditor } from './json-editor';
import { PlaygroundUrlField } from './playground-url-field';
import { ResponsePanel } from './response-panel';
import type { RpcTestingActors } from './rpc-testing-actors';

interface RpcPlaygroundProps {
  /** The user's first key; null when there is none (Run is then disabled, SPEC.md §5). */
  apiKey: string | null;
  /** A call filled in by the page's link (network, method, params); the defaults otherwise. */
  prefill?: PlaygroundPrefill;
  actors: RpcTestingActors;
}

/** The request form and the response of /rpc-testing, over machines/rpc-test.ts. */
export function RpcPlayground({ apiKey, prefill, actors }: RpcPlaygroundProps) {
  const playground = useFlowActor(rpcTest.rpcTestMachine.provide({ actors: actors.rpc }), { input: { apiKey, ...prefilled(prefill) } });
  const network = useSelector(playground, rpcTest.selectNetwork);
  const method = useSelector(playground, rpcTest.selectMethod);
  const paramsText = useSelector(playground, rpcTest.selectParamsText);
  const paramsProblem = useSelector(playground, rpcTest.selectParamsProblem);
  const exchange = useSelector(playground, rpcTest.selectExchange);
  const running = useSelector(playground, rpcTest.selectIsRunning);
  const canRun = useSelector(playground, rpcTest.selectCanRun);
  const failed = useSelector(playground, rpcTest.selectIsError);
  const refusal = useSelector(playground, rpcTest.selectAccessRefusal);
  const url = rpcUrl(currentApiBase(), network, apiKey);
  const send = playground.send;

  return (
    <Stack gap="6">
      <Card.Root as="section" aria-labelledby="request-heading">
        <Card.Body>
          <Stack
            as="form"
            gap="5"
            aria-labelledby="request-heading"
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'rpc.run' });
            }}
          >
            <Text id="request-heading" as="h2" fontSize="lg" fontWeight="semibold">
              Request
            </Text>
            <NetworkSwitch value={network} disabled={running} onChange={(next) => send({ type: 'rpc.selectNetwork', network: next })} />
            <PlaygroundUrlField label="RPC URL" url={url} apiKey={apiKey} purpose="run calls" clipboard={actors.clipboard} />
            <MethodSelect value={method} disabled={running} onChange={(next) => send({ type: 'rpc.selectMethod', method: next })} />
            <JsonEditor
              label="Params (JSON array)"
              hint={'Sent as the request\'s params, e.g. [] or ["latest", false].'}
              maxRows={12}
              value={paramsText}
              problem={paramsProblem}
              disabled={running}
              onChange={(text) => send({ type: 'rpc.editParams', text })}
            />
            <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={!canRun} loading={running} loadingText="Running...">
              Run
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      <ResponsePanel
        exchange={exchange}
        running={running}
        failed={failed}
        refusal={refusal}
        dashboardHost={globalThis.location?.hostname ?? 'localhost'}
        clipboard={actors.clipboard}
      />
    </Stack>
  );
}

/** The machine's input for a prefilled call: the network, and the method with its params when the link named one. */
function prefilled(prefill: PlaygroundPrefill | undefined): Omit<rpcTest.RpcTestInput, 'apiKey'> {
  if (prefill === undefined) return {};
  return {
    network: prefill.network,
    ...(prefill.method === null ? {} : { method: prefill.method }),
    ...(prefill.params === null ? {} : { params: prefill.params }),
  };
}

import { Button, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as rpcTest from '@machines/rpc-test';
import { currentApiBase } from '@/api/rpc-calls';
import { NetworkSwitch } from '@/components/network-switch';
import { useNetworks } from '@/hooks/use-networks';
import { rpcUrl } from '@/domain/rpc-urls';
import { MethodSelect } from './method-select';
import { JsonEditor } from './json-editor';
import { PlaygroundUrlField } from './playground-url-field';
import { PlaygroundForm } from './playground-form';
import { ResponsePanel } from './response-panel';
import type { RpcTestingActors } from './rpc-testing-actors';

interface RpcPlaygroundProps {
  /** The page's playground: it also holds the chosen key, which the subscription mode shares. */
  playground: ActorRefFrom<typeof rpcTest.rpcTestMachine>;
  actors: RpcTestingActors;
}

/** The request form and the response of /rpc-testing, over machines/rpc-test.ts. */
export function RpcPlayground({ playground, actors }: RpcPlaygroundProps) {
  const networks = useNetworks();
  const apiKey = useSelector(playground, rpcTest.selectApiKey);
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
      <PlaygroundForm headingId="request-heading" heading="Request" onSubmit={() => send({ type: 'rpc.run' })}>
        <NetworkSwitch
          networks={networks}
          value={network}
          disabled={running}
          onChange={(next) => send({ type: 'rpc.network.select', network: next })}
        />
        <PlaygroundUrlField label="RPC URL" url={url} apiKey={apiKey} purpose="run calls" clipboard={actors.clipboard} />
        <MethodSelect value={method} disabled={running} onChange={(next) => send({ type: 'rpc.method.select', method: next })} />
        <JsonEditor
          label="Params (JSON array)"
          hint={'Sent as the request\'s params, e.g. [] or ["latest", false].'}
          maxRows={12}
          value={paramsText}
          problem={paramsProblem}
          disabled={running}
          onChange={(text) => send({ type: 'rpc.params.edit', text })}
        />
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={!canRun} loading={running} loadingText="Running...">
          Run
        </Button>
      </PlaygroundForm>
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

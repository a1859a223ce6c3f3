import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { nodeWizardMachine, selectOrder, selectScreen } from '@machines/node-wizard';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import { logNodeOrder } from './node-order-actors';
import { NodeOrderForm } from './node-order-form';
import { NodeWelcome } from './node-welcome';
import { OrderPlaced } from './order-placed';

const TITLE = 'Dedicated Nodes';

export interface DedicatedNodesPageProps {
  /** What Order does; the demo logs the order unless a test brings its own. */
  placeOrder?: typeof logNodeOrder;
}

/** /dedicated-nodes (SPEC.md "Dedicated Nodes (demo)"): the welcome screen, the order form, its confirmation. */
export default function DedicatedNodesPage({ placeOrder = logNodeOrder }: DedicatedNodesPageProps) {
  usePageTitle(TITLE);
  const wizard = useFlowActor(nodeWizardMachine.provide({ actors: { placeOrder } }));
  const screen = useSelector(wizard, selectScreen);
  const order = useSelector(wizard, selectOrder);
  // Back on the welcome screen after Cancel or Done, the focus goes to its button (the one pressed is gone).
  const hasLeftWelcome = useRef(false);
  useEffect(() => {
    if (screen !== 'welcome') hasLeftWelcome.current = true;
  }, [screen]);

  return (
    <>
      <PageHeader title={TITLE} description="RPC nodes run for your projects alone, with the client and plugin you choose." />
      {screen === 'welcome' ? (
        <NodeWelcome focusStart={hasLeftWelcome.current} onStart={() => wizard.send({ type: 'wizard.start' })} />
      ) : null}
      {screen === 'form' ? <NodeOrderForm wizard={wizard} /> : null}
      {screen === 'ordered' ? <OrderPlaced order={order} onDone={() => wizard.send({ type: 'order.done' })} /> : null}
    </>
  );
}

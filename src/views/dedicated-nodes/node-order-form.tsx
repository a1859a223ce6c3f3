import { useEffect, useId, useRef } from 'react';
import { Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import {
  type NodeWizardEvent,
  type nodeWizardMachine,
  selectCanGoNext,
  selectCanOrder,
  selectError,
  selectIsOrdering,
  selectMissing,
  selectOrder,
  selectStep,
} from '@machines/node-wizard';
import { NODE_ORDER_STEPS, ORDER_REQUIREMENT_TEXT } from '@/domain/node-order';
import { STEP_TEXT } from './node-order-texts';
import { OrderStepFields } from './order-step-fields';
import { PaymentStep } from './payment-step';
import { WizardProgress } from './wizard-progress';

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/**
 * The order form (SPEC.md steps 0-5), one step at a time with Back and Next. Each step's heading
 * takes the focus when it appears, so keyboard and screen-reader users start at its top.
 */
export function NodeOrderForm({ wizard }: { wizard: Actor<typeof nodeWizardMachine> }) {
  const step = useSelector(wizard, selectStep);
  const order = useSelector(wizard, selectOrder);
  const canGoNext = useSelector(wizard, selectCanGoNext);
  const canOrder = useSelector(wizard, selectCanOrder);
  const ordering = useSelector(wizard, selectIsOrdering);
  const missing = useSelector(wizard, selectMissing, sameList);
  const error = useSelector(wizard, selectError);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const missingId = `${ids}-missing`;
  const nextHintId = `${ids}-next-hint`;
  const index = NODE_ORDER_STEPS.indexOf(step);
  const send = (event: NodeWizardEvent) => wizard.send(event);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves when the step changes.
  useEffect(() => headingRef.current?.focus(), [step]);

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header pb="2">
        <WizardProgress step={step} />
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            Step {index + 1} of {NODE_ORDER_STEPS.length}
          </Text>
          <Heading as="h2" size="lg" id={headingId} ref={headingRef} tabIndex={-1} outline="none">
            {STEP_TEXT[step].title}
          </Heading>
          <Text color="fg.muted">{STEP_TEXT[step].description}</Text>
        </Stack>
        {step === 'payment' ? (
          <PaymentStep order={order} send={send} missing={missing} missingId={missingId} ordering={ordering} error={error} />
        ) : (
          <OrderStepFields step={step} order={order} send={send} />
        )}
        {step === 'client' && !canGoNext ? (
          <Text id={nextHintId} fontSize="sm" color="fg.muted">
            {ORDER_REQUIREMENT_TEXT.client} to continue.
          </Text>
        ) : null}
      </Card.Body>
      <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
        <Button variant="ghost" onClick={() => wizard.send({ type: 'wizard.cancel' })} disabled={ordering}>
          Cancel
        </Button>
        <HStack gap="3" ms="auto" align="center">
          {index > 0 ? (
            <Button variant="outline" onClick={() => wizard.send({ type: 'wizard.back' })} disabled={ordering}>
              Back
            </Button>
          ) : null}
          {step === 'payment' ? (
            <Button
              colorPalette="blue"
              onClick={() => wizard.send({ type: 'order.place' })}
              disabled={!canOrder}
              loading={ordering}
              loadingText="Ordering..."
              aria-describedby={missing.length > 0 ? missingId : undefined}
            >
              Order
            </Button>
          ) : (
            <Button
              colorPalette="blue"
              onClick={() => wizard.send({ type: 'wizard.next' })}
              disabled={!canGoNext}
              aria-describedby={step === 'client' && !canGoNext ? nextHintId : undefined}
            >
              Next
            </Button>
          )}
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

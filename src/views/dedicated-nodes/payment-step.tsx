import { Heading, List, Stack, Text } from '@chakra-ui/react';
import type { NodeWizardEvent } from '@machines/node-wizard';
import { ChoiceCardGroup } from '@/components/choice-card-group';
import { ErrorAlert } from '@/components/error-alert';
import { type DedicatedNodeOrder, ORDER_REQUIREMENT_TEXT, type OrderRequirement } from '@/domain/node-order';
import { LabelledCheckbox } from '@/components/labelled-checkbox';
import { PAYMENT_CHOICES, RISKS_LABEL, RISKS_TEXT, STEP_TEXT } from './node-order-texts';
import { OrderSummary } from './order-summary';

interface PaymentStepProps {
  order: DedicatedNodeOrder;
  send: (event: NodeWizardEvent) => void;
  /** What the order still lacks (SPEC.md §5): why Order is disabled. */
  missing: readonly OrderRequirement[];
  /** The id of the missing list, which describes the Order button. */
  missingId: string;
  ordering: boolean;
  error: string | null;
}

/** Step 5: the payment method, the risks to acknowledge, the order to review, and what is still missing. */
export function PaymentStep({ order, send, missing, missingId, ordering, error }: PaymentStepProps) {
  return (
    <Stack gap="6">
      <ChoiceCardGroup
        label={STEP_TEXT.payment.title}
        hideLabel
        choices={PAYMENT_CHOICES}
        value={order.paymentMethod}
        onChange={(method) => send({ type: 'order.payment', method })}
        disabled={ordering}
      />
      <LabelledCheckbox
        label={RISKS_LABEL}
        hint={RISKS_TEXT}
        checked={order.acknowledgeRisks}
        onChange={(acknowledged) => send({ type: 'order.risks', acknowledged })}
        disabled={ordering}
      />
      <Stack gap="3" borderWidth="1px" borderColor="border" rounded="lg" p="4" bg="bg.subtle">
        <Heading as="h3" size="sm">
          Your order
        </Heading>
        <OrderSummary order={order} />
      </Stack>
      {/* Announced as requirements are met or withdrawn. */}
      <Stack id={missingId} gap="1" aria-live="polite">
        {missing.length > 0 ? (
          <>
            <Text fontSize="sm" fontWeight="medium">
              Order is disabled until you:
            </Text>
            <List.Root fontSize="sm" ps="5" color="fg.muted">
              {missing.map((requirement) => (
                <List.Item key={requirement}>{ORDER_REQUIREMENT_TEXT[requirement]}</List.Item>
              ))}
            </List.Root>
          </>
        ) : null}
      </Stack>
      {error ? <ErrorAlert message={error} /> : null}
    </Stack>
  );
}

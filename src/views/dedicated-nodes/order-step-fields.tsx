import type { DedicatedNodeOrder, NodeOrderStep } from '@/domain/node-order';
import type { NodeWizardEvent } from '@machines/node-wizard';
import { ChoiceCardGroup } from '@/components/choice-card-group';
import { NO_LOCATIONS_AVAILABLE, NO_NODES_AVAILABLE } from '@/domain/node-order';
import { LabelledCheckbox } from '@/components/labelled-checkbox';
import { NoOfferNotice } from './no-offer-notice';
import {
  CLIENT_CHOICES,
  CYCLE_CHOICES,
  PLUGIN_CHOICES,
  RESOURCE_INTENSIVE_HINT,
  RESOURCE_INTENSIVE_LABEL,
  STEP_TEXT,
} from './node-order-texts';

interface OrderStepFieldsProps {
  /** Every step but payment (its own part, with the review and the risks). */
  step: Exclude<NodeOrderStep, 'payment'>;
  order: DedicatedNodeOrder;
  send: (event: NodeWizardEvent) => void;
}

/** The choice a step of the form asks for, or SPEC.md's text where nothing is on offer. */
export function OrderStepFields({ step, order, send }: OrderStepFieldsProps) {
  switch (step) {
    case 'billing':
      return (
        <ChoiceCardGroup
          label={STEP_TEXT.billing.title}
          hideLabel
          choices={CYCLE_CHOICES}
          value={order.isYearly ? 'yearly' : 'monthly'}
          onChange={(cycle) => send({ type: 'order.cycle', isYearly: cycle === 'yearly' })}
        />
      );
    case 'type':
      return (
        <>
          <LabelledCheckbox
            label={RESOURCE_INTENSIVE_LABEL}
            hint={RESOURCE_INTENSIVE_HINT}
            checked={order.resourceIntensiveEnabled}
            onChange={(checked) => send({ type: 'order.type', resourceIntensive: checked })}
          />
          <NoOfferNotice
            title={NO_NODES_AVAILABLE}
            text="No dedicated node type is on offer right now. You can still go through the order to see how it works: nothing is charged."
          />
        </>
      );
    case 'location':
      return (
        <NoOfferNotice
          title={NO_LOCATIONS_AVAILABLE}
          text="Locations are offered for each node type, and none is available yet. Go on to choose the node's software."
        />
      );
    case 'client':
      return (
        <ChoiceCardGroup
          label={STEP_TEXT.client.title}
          hideLabel
          choices={CLIENT_CHOICES}
          value={order.selectedClient}
          onChange={(client) => send({ type: 'order.client', client })}
        />
      );
    case 'plugin':
      return (
        <ChoiceCardGroup
          label={STEP_TEXT.plugin.title}
          hideLabel
          choices={PLUGIN_CHOICES}
          value={order.selectedPlugin}
          onChange={(plugin) => send({ type: 'order.plugin', plugin })}
        />
      );
  }
}

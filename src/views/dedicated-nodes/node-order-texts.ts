import type { ChoiceCard } from '@/components/choice-card-group';
import type { GeyserPlugin, NodeClient, NodeOrderStep, NodePaymentMethod } from '@/domain/node-order';

/** Each step's title (its heading and its name in the progress list) and what it asks. */
export const STEP_TEXT: Record<NodeOrderStep, { title: string; description: string }> = {
  billing: { title: 'Billing cycle', description: 'How often the node is billed.' },
  type: { title: 'Node type', description: 'The hardware the node runs on.' },
  location: { title: 'Location', description: 'The data centre region the node runs in.' },
  client: { title: 'Client', description: 'The validator client software the node runs.' },
  plugin: { title: 'Geyser plugin', description: 'Streams accounts, transactions and slots from the node as they happen.' },
  payment: { title: 'Payment', description: 'How you pay, then review and place the order.' },
};

export const CYCLE_CHOICES: readonly ChoiceCard<'monthly' | 'yearly'>[] = [
  { value: 'monthly', title: 'Monthly', description: 'Billed every month; cancel at the end of any month.' },
  { value: 'yearly', title: 'Yearly', description: 'Billed once a year, for twelve months of the node.' },
];

export const CLIENT_CHOICES: readonly ChoiceCard<NodeClient>[] = [
  { value: 'agave', title: 'Agave', description: 'The standard validator client, maintained by Anza.' },
  { value: 'jito', title: 'Jito', description: "Agave with Jito's additions for bundles and MEV." },
];

export const PLUGIN_CHOICES: readonly ChoiceCard<GeyserPlugin>[] = [
  { value: 'none', title: 'None', description: 'No streaming plugin: the node answers RPC calls only.', badge: 'Free' },
  { value: 'yellowstone', title: 'Yellowstone', description: 'Yellowstone gRPC: stream updates from the node over gRPC.', badge: 'Free' },
];

export const PAYMENT_CHOICES: readonly ChoiceCard<NodePaymentMethod>[] = [
  { value: 'crypto', title: 'Crypto (USDC)', description: 'Pay in USDC from your wallet.' },
  { value: 'fiat', title: 'Fiat', description: 'Pay in dollars by card or bank transfer.' },
];

export const RESOURCE_INTENSIVE_LABEL = 'Resource-intensive workloads';
export const RESOURCE_INTENSIVE_HINT = 'Show only node types with more CPU, memory and disk, for heavy indexing or streaming.';
export const RISKS_LABEL = 'I acknowledge the risks of running a dedicated node';
export const RISKS_TEXT =
  'A dedicated node is billed for its whole period whether or not it is used, client upgrades and restarts can interrupt it, and its setup is yours to get right. It is meant for advanced users only.';

/** The title of the choice with this value, for the order's summary. */
export function choiceTitle<V extends string>(choices: readonly ChoiceCard<V>[], value: V | null): string {
  return choices.find((choice) => choice.value === value)?.title ?? 'Not chosen';
}

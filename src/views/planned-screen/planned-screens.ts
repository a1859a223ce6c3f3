/** A SPEC.md §2 screen not built yet: its header (SPEC.md screen names) and what it will hold. */
export interface PlannedScreen {
  title: string;
  description: string;
  upcoming: readonly string[];
}

export const plannedScreens = {
  support: {
    title: 'Support',
    description: 'Where to get help.',
    upcoming: [
      'Chat support (paid plans), the documentation, Discord and Telegram',
      'Answers to frequent questions on billing, limits, RPC, webhooks and error codes',
    ],
  },
  webhooks: {
    title: 'Webhooks',
    description: 'Notifications sent to your server when on-chain events happen.',
    upcoming: [
      'Your webhooks with their URL, transaction types, accounts, type and network',
      'A form to create a webhook watching up to 25 addresses',
    ],
  },
  dedicatedNodes: {
    title: 'Dedicated Nodes',
    description: 'Nodes reserved for your project alone.',
    upcoming: ['Ordering a node: billing cycle, node type, location, client, Geyser plugin and payment method'],
  },
  settings: {
    title: 'Project Settings',
    description: 'Your project and the people who work on it.',
    upcoming: ['Your current plan', 'The project name and ID', 'The project users and invitations'],
  },
} as const satisfies Record<string, PlannedScreen>;

export type PlannedScreenKey = keyof typeof plannedScreens;

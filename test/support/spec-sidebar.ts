/**
 * SPEC.md "Layout", as the sidebar reads under the coming-soon reading (COMING_SOON_SCREENS=true):
 * each entry's accessible text, 'Soon' badges included, then Documentation.
 */
export const specSidebarNames = [
  'Dashboard',
  'API Keys',
  'Webhooks Soon',
  'Dedicated Nodes Soon',
  'Usage Soon',
  'RPC Testing',
  'Billing',
  'Project Settings Soon',
  'System Status Soon',
  'Support',
  'Documentation (opens in a new tab)',
] as const;

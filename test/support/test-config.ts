import type { AppConfig } from '@machines/app-config';
import { BUILT_IN_NETWORKS } from '@/domain/networks';

/** The server's public configuration as the DOM and machine tests see it (GET /config's answer). */
export const testConfig: AppConfig = {
  productName: 'Test RPC',
  networks: [...BUILT_IN_NETWORKS],
  documentationUrl: 'https://docs.example.com/',
  discordUrl: 'https://discord.example.com/',
  telegramUrl: 'https://t.example.com/',
  supportUrl: 'https://support.example.com/',
  salesEmail: 'sales@example.com',
  googleSignIn: true,
  comingSoonScreens: false,
};

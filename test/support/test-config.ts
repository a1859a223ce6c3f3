import type { AppConfig } from '@machines/app-config';

/** The server's public configuration as the DOM and machine tests see it (GET /config's answer). */
export const testConfig: AppConfig = {
  productName: 'Test RPC',
  documentationUrl: 'https://docs.example.com/',
  discordUrl: 'https://discord.example.com/',
  telegramUrl: 'https://t.example.com/',
  supportUrl: 'https://support.example.com/',
  salesEmail: 'sales@example.com',
  googleSignIn: true,
  comingSoonScreens: false,
};

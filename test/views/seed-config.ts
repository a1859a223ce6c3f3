import type { AppConfig } from '@/hooks/app-config';
import { setAppConfig } from '@/hooks/app-config';

export const testConfig: AppConfig = {
  productName: 'Test RPC',
  documentationUrl: 'https://docs.example.com/',
  discordUrl: 'https://discord.example.com/',
  telegramUrl: 'https://t.example.com/',
  supportUrl: 'https://support.example.com/',
  salesEmail: 'sales@example.com',
  googleSignIn: true,
};

/** Sets the server's configuration as if GET /config had answered (the screens' titles need it). */
export function seedConfig(config: AppConfig = testConfig): void {
  setAppConfig(config);
}

import type { AppConfig } from '@/hooks/app-config';
import { setAppConfig } from '@/hooks/app-config';
import { testConfig } from '../support/test-config';

/** Sets the server's configuration as if GET /config had answered (the screens' titles need it). */
export function seedConfig(config: AppConfig = testConfig): void {
  setAppConfig(config);
}

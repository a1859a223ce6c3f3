import type { AppConfig } from '@/hooks/app-config';
import { testConfig } from '../support/test-config';

// Test state, not the app's: the configuration the screens rendered next start with.
let seeded: AppConfig | undefined;

/**
 * Sets the server's configuration as if GET /config had answered, for every screen rendered after
 * (the screens' titles need it): renderInApp starts the app's config actor with it.
 */
export function seedConfig(config: AppConfig = testConfig): void {
  seeded = config;
}

/** Forgets it: screens rendered after ask GET /config, which jsdom cannot answer. */
export function unseedConfig(): void {
  seeded = undefined;
}

/** What seedConfig last set, for the harnesses' AppConfigProvider. */
export function seededConfig(): AppConfig | undefined {
  return seeded;
}

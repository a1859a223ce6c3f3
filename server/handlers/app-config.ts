import type { OperationHandlers } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';

/** Public settings the SPA needs before sign-in (SPEC.md: product name and links are configuration). */
export function createConfigHandlers({ config, google }: Services): Pick<OperationHandlers, 'getConfig'> {
  return {
    getConfig: async () => ({
      status: 200,
      body: {
        productName: config.productName,
        networks: config.networks.map(({ name, label, chainId }) => ({ name, label, chainId })),
        documentationUrl: config.docsUrl,
        discordUrl: config.discordUrl,
        telegramUrl: config.telegramUrl,
        supportUrl: config.supportUrl,
        salesEmail: config.salesEmail,
        comingSoonScreens: config.comingSoonScreens,
        googleSignIn: google.kind !== 'off',
      },
    }),
  };
}

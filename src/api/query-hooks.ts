import createQueryClient from 'openapi-react-query';
import { api } from './client';

/**
 * TanStack Query hooks typed from the same contract. Kept apart from client.ts so that the public
 * screens, which use the plain client, do not load TanStack Query (/login's JavaScript budget: ≤ 160 KB gzip).
 */
export const $api = createQueryClient(api);

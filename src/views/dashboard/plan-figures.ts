import type { Schemas } from '@/api/client';

/** What the dashboard's parts need of the API's Plan (null means unlimited); the description may be absent. */
export type PlanFigures = Pick<Schemas['Plan'], 'name' | 'credit' | 'rate' | 'maxKey'> & Partial<Pick<Schemas['Plan'], 'description'>>;

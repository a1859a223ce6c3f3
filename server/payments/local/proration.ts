/** The one proration rule (src/domain/plan-change.ts): the Upgrade modal quotes what this provider charges. */
export { proratedChangeCents } from '@/domain/plan-change';

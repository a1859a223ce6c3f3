import { createHash, randomBytes } from 'node:crypto';

/** Random ids in Stripe's style, with this provider's own prefixes (lcus_, lsub_, lco_, lin_, levt_). */
export function localId(prefix: 'lcus' | 'lsub' | 'lco' | 'lin' | 'levt'): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** A portal session's secret: it alone opens the portal, so only its hash is stored. */
export function portalToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

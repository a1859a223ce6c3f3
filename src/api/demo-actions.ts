/**
 * What a demonstration screen does where a real one would call the API (SPEC.md: webhook
 * create/edit/delete, autoscaling save, dedicated node order make no calls): it logs the request.
 * The machines get this as their actor, so wiring one to an API later replaces only the actor.
 */
export function logDemoAction(action: string, details: unknown): void {
  console.info(`[demo] ${action}`, details);
}

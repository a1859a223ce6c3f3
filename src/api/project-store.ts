/**
 * The project the user picked to act on (its ID, sent as X-Project). It is kept in localStorage
 * next to the session token, so a reload keeps it, and in this tab's memory, which is what the
 * API client sends: another tab picking another project changes the next visit, never this tab's
 * calls under a screen showing the first. This is the only place that touches it.
 */
const KEY = 'project';

function readStored(): string | null {
  try {
    return globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return null; // storage blocked: act on the user's own project
  }
}

let acting: string | null = readStored();

/** The pick stored at the last visit, which this tab then acts on (the session starts from it). */
export function restoreProject(): string | null {
  acting = readStored();
  return acting;
}

/** The project this tab acts on; null: the user's own (no X-Project header). */
export function readProject(): string | null {
  return acting;
}

/** Picks the project this tab acts on and stores it for the next visit (null: the user's own). */
export function writeProject(projectId: string | null): void {
  acting = projectId;
  try {
    if (projectId === null) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, projectId);
  } catch {
    // storage blocked: the pick lasts for this visit only
  }
}

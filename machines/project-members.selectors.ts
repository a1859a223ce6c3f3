import type { ProjectMembersSnapshot } from './project-members';

export const selectMembers = (s: ProjectMembersSnapshot) => s.context.members;
export const selectMembersError = (s: ProjectMembersSnapshot) => s.context.error;
export const selectIsLoadingMembers = (s: ProjectMembersSnapshot) => s.matches('loading') && s.context.members === null;
/** The change under way (null when none): its button shows busy, the others wait. */
export const selectChangeUnderWay = (s: ProjectMembersSnapshot) => (s.matches('changing') ? s.context.change : null);
/** The change waiting for the user's confirmation (its dialog is open), or null. */
export const selectChangeToConfirm = (s: ProjectMembersSnapshot) => (s.matches('confirming') ? s.context.change : null);
/** A change is asked or under way: the card's other buttons wait. */
export const selectIsChanging = (s: ProjectMembersSnapshot) => s.matches('changing') || s.matches('confirming');
export const selectInviteDraft = (s: ProjectMembersSnapshot) => s.context.draft;
/** Invites left on the plan: null unlimited, 0 none (the card offers the upgrade). */
export const selectInvitesLeft = (s: ProjectMembersSnapshot) => {
  const { members } = s.context;
  return members === null ? 0 : members.invitesLeft;
};

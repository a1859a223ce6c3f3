import type { Role } from '@/domain/roles';
import type { ActingProjectSnapshot, ProjectMembership } from './acting-project';

/** The project acted on: the one picked, else the user's own (the server's first), once loaded. */
export const selectCurrentProject = (s: ActingProjectSnapshot): ProjectMembership | null => {
  const { picked, projects } = s.context;
  return projects.find((project) => project.id === picked) ?? projects[0] ?? null;
};
/** The user's role in the project acted on; null until the projects are loaded. */
export const selectCurrentRole = (s: ActingProjectSnapshot): Role | null => selectCurrentProject(s)?.role ?? null;
export const selectProjects = (s: ActingProjectSnapshot) => s.context.projects;
/** The switcher shows only when there is something to switch to. */
export const selectCanSwitch = (s: ActingProjectSnapshot) => s.context.projects.length > 1;
export const selectProjectNotice = (s: ActingProjectSnapshot) => s.context.notice;
export const selectProjectsError = (s: ActingProjectSnapshot) => s.context.error;
/** What the screens show is keyed by this: a switch remounts them, so they read the new project. */
export const selectActingKey = (s: ActingProjectSnapshot) => s.context.picked ?? 'own';

import type { Permission, Project } from '../types';

/** What every project page receives. */
export interface ProjectPageProps {
  project: Project;
  can: (permission: Permission) => boolean;
  reloadProject: () => void;
}

import { DomainError } from '@otp/platform';
import type { GatewayDeps } from '../deps.js';

const PROJECT_ID = /^prj_[a-f0-9]{24}$/;

/** The `{id}` of an admin path, checked to exist (404 PROJECT_NOT_FOUND otherwise). */
export async function existingProject(deps: Pick<GatewayDeps, 'projects'>, id: string | undefined): Promise<string> {
  if (id === undefined || !PROJECT_ID.test(id) || !(await deps.projects.exists(id))) {
    throw new DomainError('PROJECT_NOT_FOUND', `no project ${id ?? ''}`);
  }
  return id;
}

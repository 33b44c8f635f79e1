import { DomainError, isDomainError } from '@otp/platform';
import type { GatewayDeps } from './deps.js';
import type { IpAllowlist } from './domain/ip-allowlist.js';

export interface ProjectView {
  project: { id: string; name: string; created_at: string; ip_allowlist: IpAllowlist };
  balanceCents: number;
}

/** A project as both APIs show it, with its balance from Billing (404 PROJECT_NOT_FOUND when unknown). */
export async function projectView(
  deps: Pick<GatewayDeps, 'projects' | 'peers'>,
  projectId: string,
): Promise<ProjectView> {
  const project = await deps.projects.find(projectId);
  if (!project) throw new DomainError('PROJECT_NOT_FOUND', `no project ${projectId}`);
  return {
    project: {
      id: project.id,
      name: project.name,
      created_at: project.createdAt.toISOString(),
      ip_allowlist: project.ipAllowlist,
    },
    balanceCents: await balanceOf(deps, projectId),
  };
}

async function balanceOf(deps: Pick<GatewayDeps, 'peers'>, projectId: string): Promise<number> {
  try {
    return (await deps.peers.billing.GetAccount({ project_id: projectId })).balance_cents;
  } catch (error) {
    // Billing opens an account on the first credit; a project that never had one holds nothing.
    if (isDomainError(error) && error.code === 'PROJECT_NOT_FOUND') return 0;
    throw error;
  }
}

// Who may do what in the console. Operators run the platform; everyone else acts inside the
// projects they are members of, with one role each. Pure rules: the HTTP layer asks `allowed`.

export const PROJECT_ROLES = ['owner', 'developer', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export function isProjectRole(value: string): value is ProjectRole {
  return (PROJECT_ROLES as readonly string[]).includes(value);
}

/** Actions inside one project. */
export type ProjectPermission =
  | 'project.read'
  | 'api_keys.write'
  | 'sender_ids.request'
  | 'settings.write'
  | 'webhooks.read'
  | 'webhooks.write'
  | 'fraud.write'
  | 'members.write'
  | 'audit.read';

/** Actions only an operator takes (platform-wide, or on a project's money and approvals). */
export type OperatorPermission =
  'projects.list_all' | 'projects.create' | 'credits.add' | 'sender_ids.review' | 'users.manage' | 'carriers.read';

export type Permission = ProjectPermission | OperatorPermission;

const ROLE_PERMISSIONS: Record<ProjectRole, readonly ProjectPermission[]> = {
  owner: [
    'project.read',
    'api_keys.write',
    'sender_ids.request',
    'settings.write',
    'webhooks.read',
    'webhooks.write',
    'fraud.write',
    'members.write',
    'audit.read',
  ],
  developer: [
    'project.read',
    'api_keys.write',
    'sender_ids.request',
    'settings.write',
    'webhooks.read',
    'webhooks.write',
    'fraud.write',
  ],
  viewer: ['project.read'],
};

export interface Actor {
  userId: string;
  operator: boolean;
  /** project id -> role */
  roles: ReadonlyMap<string, ProjectRole>;
}

/** Whether `actor` may take `permission`, on `projectId` when the permission is a project's. */
export function allowed(actor: Actor, permission: Permission, projectId?: string): boolean {
  if (actor.operator) return true;
  if (projectId === undefined) return false;
  const role = actor.roles.get(projectId);
  if (!role) return false;
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** Whether the project exists for this actor at all (otherwise it answers 404, never 403). */
export function seesProject(actor: Actor, projectId: string): boolean {
  return actor.operator || actor.roles.has(projectId);
}

/** Every permission the actor holds on a project: the web app hides what it may not do. */
export function permissionsOn(actor: Actor, projectId: string): Permission[] {
  if (actor.operator) {
    return [...ROLE_PERMISSIONS.owner, 'credits.add', 'sender_ids.review'];
  }
  const role = actor.roles.get(projectId);
  return role ? [...ROLE_PERMISSIONS[role]] : [];
}

import { encodedPath } from '@otp/platform';
import type { Router } from 'express';
import { z } from 'zod';
import { AdminAnswerError } from '../../admin-api/client.js';
import { allowed, permissionsOn, PROJECT_ROLES, seesProject } from '../../domain/roles.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { addMember, removeMember } from '../../operations/people.js';
import { parseBody } from '../body.js';
import { ConsoleError } from '../errors.js';
import { checkedRouter } from '../paths.js';
import { signedIn } from '../session.js';

// Projects as a member sees them: the list (only their own unless operator), one project with
// the caller's permissions on it, creating one (operators), members and the audit trail.

interface ProjectSummary {
  id: string;
  name: string;
  created_at: string;
}

const createProjectBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  credit: z.string().optional(),
  owner_email: z.string().optional(),
});
const memberBody = z.strictObject({ email: z.string().max(254), role: z.enum(PROJECT_ROLES) });

export function projectRoutes(deps: ConsoleDeps): Router {
  const router = checkedRouter();

  const visible = (req: { params: { id?: string } }, res: Parameters<typeof signedIn>[0]) => {
    const projectId = String(req.params.id);
    if (!seesProject(signedIn(res).actor, projectId)) throw new ConsoleError('PROJECT_NOT_FOUND', 'no such project');
    return projectId;
  };

  router.get('/projects', async (_req, res) => {
    const { actor } = signedIn(res);
    const all = await deps.admin.get<{ projects: ProjectSummary[] }>('/projects');
    const projects = all.projects
      .filter((p) => seesProject(actor, p.id))
      .map((p) => ({ ...p, role: actor.roles.get(p.id) ?? null }));
    res.json({ projects });
  });

  router.post('/projects', async (req, res) => {
    const { actor, user } = signedIn(res);
    if (!allowed(actor, 'projects.create')) throw new ConsoleError('FORBIDDEN', 'only operators create projects');
    const input = parseBody(createProjectBody, req.body);
    const answer = await deps.admin.call('POST', '/projects', {
      name: input.name,
      ...(input.credit ? { credit: input.credit } : {}),
    });
    if (answer.status !== 201) throw new AdminAnswerError(answer);
    const project = answer.body as ProjectSummary & { balance: string };
    await deps.audit.record({ userId: user.id, email: user.email }, 'project.create', project.id, {
      name: project.name,
    });
    if (input.owner_email) {
      const outcome = await addMember(deps, { userId: user.id, email: user.email }, project.id, {
        email: input.owner_email,
        role: 'owner',
      });
      // Operators see every console user anyway: they are told, unlike owners adding members.
      if (outcome === 'no_such_user') {
        throw new ConsoleError('NOT_FOUND', `no console user with email ${input.owner_email}: create it first`);
      }
    }
    res.status(201).json(project);
  });

  router.get('/projects/:id', async (req, res) => {
    const projectId = visible(req, res);
    const { actor } = signedIn(res);
    const project = await deps.admin.get<Record<string, unknown>>(encodedPath('projects', projectId));
    // The signing secret is for those who run the webhooks, not for viewers.
    const { webhook_secrets: secrets, ...rest } = project;
    res.json({
      ...rest,
      webhook_secrets: allowed(actor, 'webhooks.write', projectId) ? secrets : null,
      your_permissions: permissionsOn(actor, projectId),
    });
  });

  router.get('/projects/:id/members', async (req, res) => {
    const projectId = visible(req, res);
    const members = await deps.users.members(projectId);
    res.json({
      members: members.map((m) => ({
        user_id: m.userId,
        email: m.email,
        role: m.role,
        created_at: m.createdAt.toISOString(),
      })),
    });
  });

  router.post('/projects/:id/members', async (req, res) => {
    const projectId = visible(req, res);
    const { actor, user } = signedIn(res);
    if (!allowed(actor, 'members.write', projectId)) throw new ConsoleError('FORBIDDEN', 'only owners manage members');
    const input = parseBody(memberBody, req.body);
    // The same answer whether or not the email has a console user (people.ts says why).
    await addMember(deps, { userId: user.id, email: user.email }, projectId, input);
    res.status(204).end();
  });

  router.delete('/projects/:id/members/:userId', async (req, res) => {
    const projectId = visible(req, res);
    const { actor, user } = signedIn(res);
    if (!allowed(actor, 'members.write', projectId)) throw new ConsoleError('FORBIDDEN', 'only owners manage members');
    await removeMember(deps, { userId: user.id, email: user.email }, projectId, String(req.params.userId));
    res.status(204).end();
  });

  router.get('/projects/:id/audit', async (req, res) => {
    const projectId = visible(req, res);
    if (!allowed(signedIn(res).actor, 'audit.read', projectId)) {
      throw new ConsoleError('FORBIDDEN', 'only owners read the audit trail');
    }
    const entries = await deps.audit.forProject(projectId, 200);
    res.json({
      entries: entries.map((e) => ({ at: e.at.toISOString(), email: e.email, action: e.action, details: e.details })),
    });
  });

  return router;
}

import { encodedPath } from '@otp/platform';
import type { Response, Router } from 'express';
import { z } from 'zod';
import { allowed, type OperatorPermission } from '../../domain/roles.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { createUser } from '../../operations/people.js';
import { parseBody } from '../body.js';
import { ConsoleError } from '../errors.js';
import { checkedRouter } from '../paths.js';
import { signedIn } from '../session.js';

// Operator pages: people, the sender ID queue and fraud blocks across projects, carriers' health.
// Cross-project views are assembled from the per-project admin routes. A route the platform does
// not have yet (404 from the admin API) is shown as "not available", not as an error.

const userBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200),
  operator: z.boolean().default(false),
});

interface ProjectSummary {
  id: string;
  name: string;
}

function requireOperator(res: Response, permission: OperatorPermission) {
  const locals = signedIn(res);
  if (!allowed(locals.actor, permission)) throw new ConsoleError('FORBIDDEN', 'operators only');
  return locals;
}

/** Runs `read` per project, a few at a time. */
async function perProject<T>(projects: ProjectSummary[], read: (p: ProjectSummary) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < projects.length; i += 8) {
    out.push(...(await Promise.all(projects.slice(i, i + 8).map(read))));
  }
  return out;
}

export function operatorRoutes(deps: ConsoleDeps): Router {
  const router = checkedRouter();

  router.get('/users', async (_req, res) => {
    requireOperator(res, 'users.manage');
    const users = await deps.users.list();
    res.json({
      users: users.map((u) => ({ id: u.id, email: u.email, operator: u.isOperator, created_at: u.createdAt })),
    });
  });

  router.post('/users', async (req, res) => {
    const { user } = requireOperator(res, 'users.manage');
    const input = parseBody(userBody, req.body);
    const created = await createUser(deps, { userId: user.id, email: user.email }, input);
    res.status(201).json({ id: created.id, email: created.email, operator: created.isOperator });
  });

  router.get('/sender-id-queue', async (_req, res) => {
    requireOperator(res, 'sender_ids.review');
    const { projects } = await deps.admin.get<{ projects: ProjectSummary[] }>('/projects');
    const lists = await perProject(projects, async (p) => {
      const project = await deps.admin.get<{
        sender_ids: { value: string; status: string; site: string; created_at: string }[] | null;
      }>(encodedPath('projects', p.id));
      return (project.sender_ids ?? [])
        .filter((s) => s.status === 'pending')
        .map((s) => ({ project_id: p.id, project_name: p.name, ...s }));
    });
    res.json({ sender_ids: lists.flat().sort((a, b) => a.created_at.localeCompare(b.created_at)) });
  });

  router.get('/fraud-blocks', async (_req, res) => {
    requireOperator(res, 'projects.list_all');
    const { projects } = await deps.admin.get<{ projects: ProjectSummary[] }>('/projects');
    let available = true;
    const lists = await perProject(projects, async (p) => {
      const answer = await deps.admin.call('GET', encodedPath('projects', p.id, 'fraud', 'blocks'));
      if (answer.status === 404 && !isProjectNotFound(answer.body)) available = false;
      if (answer.status !== 200) return [];
      const blocks = (answer.body as { blocks?: Record<string, unknown>[] }).blocks ?? [];
      return blocks.map((b) => ({ project_id: p.id, project_name: p.name, ...b }));
    });
    res.json({ available, blocks: lists.flat() });
  });

  router.get('/carriers', async (_req, res) => {
    requireOperator(res, 'carriers.read');
    const answer = await deps.admin.call('GET', '/carriers');
    if (answer.status === 404) {
      res.json({ available: false, carriers: [] });
      return;
    }
    if (answer.status !== 200) throw new ConsoleError('SERVICE_UNAVAILABLE', 'carriers could not be read');
    res.json({ available: true, ...(answer.body as object) });
  });

  return router;
}

function isProjectNotFound(body: unknown): boolean {
  return (body as { error?: { code?: string } } | undefined)?.error?.code === 'PROJECT_NOT_FOUND';
}

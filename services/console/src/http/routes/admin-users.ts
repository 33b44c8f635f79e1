import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { secretMatches } from '../../domain/secret-match.js';
import type { ConsoleDeps } from '../../operations/deps.js';
import { createUser, generatedPassword } from '../../operations/people.js';
import { parseBody } from '../body.js';
import { ConsoleError } from '../errors.js';

// The console's one admin route, on its admin port (CONSOLE_ADMIN_PORT, never behind an Ingress):
// creating console users (the first operator above all) with the platform's admin token, for
// `otpctl users create --operator`. The console keeps its own people
// (schema `console`), so otpctl asks the console, as it asks the gateway for everything else;
// the gateway never reaches into the console. No session, no CSRF: the bearer token is the proof,
// and a browser never holds it.

const createBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(200).optional(),
  operator: z.boolean().default(false),
});

function adminToken(expected: string): RequestHandler {
  return (req, _res, next) => {
    const presented = /^bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (!secretMatches(expected, presented)) {
      throw new ConsoleError('INVALID_ADMIN_TOKEN', 'send Authorization: Bearer <ADMIN_TOKEN>');
    }
    next();
  };
}

export function adminUserRoutes(deps: ConsoleDeps, token: string): Router {
  const router = Router();
  router.use(adminToken(token));

  router.post('/users', async (req, res) => {
    const input = parseBody(createBody, req.body);
    const password = input.password ?? generatedPassword();
    const created = await createUser(deps, { userId: null, email: 'admin-token' }, { ...input, password });
    res.status(201).json({
      id: created.id,
      email: created.email,
      operator: created.isOperator,
      // Shown once, to the caller that asked for it to be generated.
      ...(input.password === undefined ? { password } : {}),
    });
  });

  router.use(() => {
    throw new ConsoleError('NOT_FOUND', 'no such console admin route');
  });
  return router;
}

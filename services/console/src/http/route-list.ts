import type { Router } from 'express';
import { isPathParamName } from '../domain/path-params.js';

// The routes a router serves, read from the router itself, so nothing keeps a second list: the
// console refuses to start with a path parameter that is not checked (apiRouter), and the tenancy
// suite sends every role to every route found here.

type Layer = Router['stack'][number];

/** A router as its layers show it: its own and, mounted without a path, its sub-routers'. */
interface RouterParts {
  stack: Layer[];
  /** Param callbacks by parameter name (checkedRouter registers one per PATH_PARAMS entry). */
  params?: Record<string, unknown>;
}

export interface RouteOf {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path, relative to where the router is mounted, e.g. `/projects/:id/api-keys`. */
  path: string;
  params: string[];
  /** Parameters with no shape check before the route runs. */
  unchecked: string[];
}

const METHODS = new Set<string>(['get', 'post', 'put', 'patch', 'delete']);

function isMethod(method: string | undefined): method is RouteOf['method'] {
  return method !== undefined && METHODS.has(method);
}

/** Every route of `router` and of the routers mounted in it without a path, in order. */
export function routesOf(router: RouterParts): RouteOf[] {
  const out: RouteOf[] = [];
  for (const layer of router.stack) {
    if (layer.route) {
      const path = layer.route.path;
      const params = [...path.matchAll(/[:*]([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!);
      const unchecked = params.filter((name) => !isPathParamName(name) || !Object.hasOwn(router.params ?? {}, name));
      const methods = new Set(layer.route.stack.map((handler) => handler.method).filter(isMethod));
      for (const method of methods) out.push({ method, path, params, unchecked });
      continue;
    }
    const nested = layer.handle as unknown as Partial<RouterParts>;
    if (Array.isArray(nested.stack)) out.push(...routesOf(nested as RouterParts));
  }
  return out;
}

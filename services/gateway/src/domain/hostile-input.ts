import { isStorableText } from '@otp/platform';

// What no request may carry, whatever the route: checked once on the parsed body before any route,
// validation or idempotency fingerprint sees it, and walked without recursion so no shape of
// input can exhaust the stack. Limits are far above what any route's schema accepts; they only
// bound the work a hostile body can cause.

/** Deepest nesting of objects and arrays accepted (the deepest route body is 3 levels). */
export const MAX_BODY_DEPTH = 32;
/** Most keys in one object and items in one array. */
export const MAX_BODY_BREADTH = 1000;

function pathOf(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'body' : path.join('.');
}

/**
 * The first problem of a parsed JSON body, as `field: reason` (the spec's message form), or
 * undefined when there is none. `__proto__` keys are refused: harmless to JSON.parse, but a trap
 * for any later code that copies with assignment.
 */
export function hostileInputProblem(body: unknown): string | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return `${pathOf(path)}: must not contain NUL or unpaired surrogate characters`;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_BODY_DEPTH) return `${pathOf(path)}: nested deeper than ${MAX_BODY_DEPTH} levels`;
    if (Array.isArray(value)) {
      if (value.length > MAX_BODY_BREADTH) return `${pathOf(path)}: more than ${MAX_BODY_BREADTH} items`;
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_BODY_BREADTH) return `${pathOf(path)}: more than ${MAX_BODY_BREADTH} fields`;
    for (const key of keys) {
      if (!isStorableText(key))
        return `${pathOf(path)}: a field name must not contain NUL or unpaired surrogate characters`;
      if (key === '__proto__') return `${pathOf(path)}: "__proto__" is not an accepted field name`;
      stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

// What counts as storable text, everywhere: NUL can never be stored in Postgres text or jsonb, and
// an unpaired surrogate is not text at all (it cannot be encoded as UTF-8). The gateway refuses
// both in every request; services refuse them again where text reaches them from elsewhere.

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` has no NUL and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/** isStorableText for every string (keys included) of a parsed JSON value, walked without recursion. */
export function isStorableJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return false;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

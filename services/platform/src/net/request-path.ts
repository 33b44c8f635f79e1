// A request path is checked as the client sent it, before any router decodes or normalises it:
// a backslash, a dot segment or an encoded separator in a path could steer a server that forwards
// or joins paths into another tenant's resources. Every HTTP app refuses such paths with a 400, and
// a path a server forwards is built from encoded segments, never from the path it received.

/** What no path segment may be once percent-decoded: empty, `.`, `..`, or carrying `/`, `\` or NUL. */
function segmentProblem(decoded: string): string | undefined {
  if (decoded === '.' || decoded === '..') return 'dot segments are not accepted in a path';
  if (decoded.includes('/')) return 'an encoded "/" is not accepted in a path';
  if (decoded.includes('\\')) return 'a backslash is not accepted in a path';
  if (decoded.includes('\0')) return 'NUL is not accepted in a path';
  return undefined;
}

/**
 * Why the request target `rawUrl` (path and query as received, e.g. `req.originalUrl`) must be
 * refused, or undefined when its path is plain. Only the path is judged; the query is the route's.
 */
export function requestPathProblem(rawUrl: string): string | undefined {
  if (rawUrl === '*') return undefined;
  const query = rawUrl.indexOf('?');
  let path = query >= 0 ? rawUrl.slice(0, query) : rawUrl;
  // The absolute form (`http://host/path`, which HTTP/1.1 servers must accept) is judged by its path.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/\\]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length) || '/';
  if (!path.startsWith('/')) return 'a path must start with "/"';
  if (path.includes('\\')) return 'a backslash is not accepted in a path';
  if (path.startsWith('//')) return 'an empty path segment is not accepted';
  const segments = path.slice(1).split('/');
  for (const [index, segment] of segments.entries()) {
    // A trailing slash is the one empty segment routers already treat as no segment.
    if (segment === '' && index < segments.length - 1) return 'an empty path segment is not accepted';
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'a path segment is not valid percent-encoding';
    }
    // Decoded twice: a proxy that decodes once must not turn `%252e%252e` into `..` for us.
    let twice = decoded;
    try {
      twice = decodeURIComponent(decoded);
    } catch {
      // not encoded twice: the single decoding is what counts
    }
    const problem = segmentProblem(decoded) ?? segmentProblem(twice);
    if (problem) return problem;
  }
  return undefined;
}

/** A path made of `segments`, each percent-encoded, so no value can add or climb a segment. */
export function encodedPath(...segments: string[]): string {
  return segments
    .map((segment) => {
      if (segment === '' || segment === '.' || segment === '..') throw new Error(`not a path segment: "${segment}"`);
      return `/${encodeURIComponent(segment)}`;
    })
    .join('');
}

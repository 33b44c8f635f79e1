// The repository stands alone: every file it names must be in it. Fails (exit 1) on
//   - any mention of a folder outside the repository (`../shared`);
//   - a Markdown link to a path that does not exist;
//   - a `*.md` file named anywhere (code comments included) that no tracked file matches;
//   - a section cited as `<page>.md "Heading"` (or with a comma) that the page lacks.
// Run by `npm run lint`.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const SKIPPED = [
  /^docs\/openapi\//,
  /(^|\/)dist\//,
  /(^|\/)generated\//,
  /package-lock\.json$/,
  /\.(png|svg|ico|woff2?)$/,
];

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && existsSync(join(ROOT, file)));
const basenames = new Set(tracked.map((file) => basename(file)));
const problems = [];

/** A cited page, resolved from the citing file's folder or the repository's root. */
function resolvePage(file, name) {
  for (const candidate of [normalize(join(dirname(file), name)), normalize(name)]) {
    if (tracked.includes(candidate)) return candidate;
  }
  const matches = tracked.filter((path) => path.endsWith(`/${name}`) || path === name);
  return matches.length === 1 ? matches[0] : undefined;
}

const headingsOf = new Map();
function headings(page) {
  if (!headingsOf.has(page)) {
    let fenced = false;
    const found = [];
    for (const line of readFileSync(join(ROOT, page), 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
      if (heading) found.push(plain(heading[1]));
    }
    headingsOf.set(page, found);
  }
  return headingsOf.get(page);
}
const plain = (text) => text.replaceAll('`', '').trim();

for (const file of tracked.filter((path) => !SKIPPED.some((pattern) => pattern.test(path)))) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (text.includes('\u0000')) continue;
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const at = (index) => `${file}:${lineOf(index)}`;
  if (file !== 'scripts/check-references.mjs') {
    for (const match of text.matchAll(/\.\.\/shared\b/g))
      problems.push(`${at(match.index)}: cites ../shared (outside the repository)`);
  }
  if (file.endsWith('.md')) {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1].split('#')[0];
      if (!target || /^[a-z]+:/i.test(target)) continue;
      if (!existsSync(join(ROOT, dirname(file), target)))
        problems.push(`${at(match.index)}: link to missing ${target}`);
    }
  }
  for (const match of text.matchAll(/(?<![\w/.:-])((?:[\w.-]+\/)*[\w-]+\.md)(?![\w.]*\w)(?:(,? )"([^"\n]+)")?/g)) {
    const [, name, , section] = match;
    if (text.slice(Math.max(0, match.index - 8), match.index).includes('://')) continue;
    const page = resolvePage(file, name);
    if (!page && !basenames.has(basename(name))) {
      problems.push(`${at(match.index)}: names ${name}, which is not in the repository`);
      continue;
    }
    if (page && section && !headings(page).some((heading) => heading.startsWith(plain(section)))) {
      problems.push(`${at(match.index)}: ${page} has no section "${section}"`);
    }
  }
}

if (problems.length > 0) {
  console.error(`References to what is not in the repository (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`references: every page, link and section named in ${tracked.length} files exists`);

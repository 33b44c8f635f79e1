import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@otp/platform/launcher';

// One Node.js major for development, CI and the image: .nvmrc names it, and the Dockerfile's base
// image and the engines field must say the same.

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const MAJOR = Number(read('.nvmrc').trim().replace(/^v/, ''));

describe('the Node.js major', () => {
  it('is a supported LTS line', () => {
    expect([22, 24]).toContain(MAJOR);
  });

  it("is the Dockerfile's base image", () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-/m.exec(read('Dockerfile'));
    expect(Number(image?.[1])).toBe(MAJOR);
  });

  it('is what package.json accepts, and nothing older', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(new RegExp(`^>=${MAJOR}\\.\\d+ <${MAJOR + 1}$`));
  });
});

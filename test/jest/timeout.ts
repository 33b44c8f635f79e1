// One time limit per kind of suite, for every test and hook in the file. The chaos suite runs
// every fault in one file (it must stay under 6 minutes in all); a browser suite starts the whole
// platform and Chromium, which on a busy shared machine can pass 3 minutes.
import path from 'node:path';
import { expect, jest } from '@jest/globals';

const file = expect.getState().testPath ?? '';
jest.setTimeout(
  file.includes(`${path.sep}chaos${path.sep}`) ? 420_000 : file.endsWith('.browser.test.ts') ? 300_000 : 180_000,
);

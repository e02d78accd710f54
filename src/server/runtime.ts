import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './app-root.ts';

// The project installs its own Node (the `node` package, see docs/decisions/005). If that install was skipped, npm
// scripts silently fall back to the machine's Node: refuse to start rather than run on an unsupported runtime.
const packageJson = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

/**
 * The oldest supported Node, read from `engines.node` (`>=24.7`: node:crypto's Argon2 came in 24.7.0) so the number
 * lives in one place.
 */
const [, major, minor] = /^>=\s*(\d+)(?:\.(\d+))?/.exec(packageJson.engines.node) ?? [];
export const REQUIRED_NODE = { major: Number(major), minor: Number(minor ?? 0) };

/** One line saying what is wrong with this runtime, or undefined when it is supported. */
export function runtimeProblem(version: string = process.versions.node): string | undefined {
  const [actualMajor = 0, actualMinor = 0] = version.split('.').map(Number);
  if (actualMajor > REQUIRED_NODE.major || (actualMajor === REQUIRED_NODE.major && actualMinor >= REQUIRED_NODE.minor))
    return undefined;
  return `Node.js ${version} is not supported (needs ${REQUIRED_NODE.major}.${REQUIRED_NODE.minor} or newer): run \`npm ci\` so the project installs its own Node, then start it through npm (\`npm start\`).`;
}

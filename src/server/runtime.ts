import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './app-root';

// The project installs its own Node (the `node` package, see docs/decisions/005). If that install was skipped, npm
// scripts silently fall back to the machine's Node: refuse to start rather than run on an unsupported runtime.
const packageJson = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };

/** The oldest supported Node major, read from `engines.node` (`>=24`) so the number lives in one place. */
export const REQUIRED_NODE_MAJOR = Number(/^>=\s*(\d+)/.exec(packageJson.engines.node)?.[1]);

/** One line saying what is wrong with this runtime, or undefined when it is supported. */
export function runtimeProblem(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `Node.js ${version} is not supported (needs ${REQUIRED_NODE_MAJOR} or newer): run \`npm ci\` so the project installs its own Node, then start it through npm (\`npm start\`).`;
}

// The first step of `npm test`: what the tests need from the machine is there before minutes of other suites run.
// As root on Debian it installs the missing browsers with apt-get (CI, a fresh machine); otherwise it stops at once
// with one line, French and English, naming the command to run. Run by the project's Node, which strips the types.
import { spawnSync } from 'node:child_process';
import { decide, gatherFacts, systemProbe } from './preflight-checks.ts';

let step = decide(await gatherFacts(process.env, systemProbe));
if (step.kind === 'install') {
  console.log(step.line);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...step.packages],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (run.status !== 0) {
      console.error(
        `npm test : « apt-get ${args.join(' ')} » a échoué (voir ci-dessus) / npm test: "apt-get ${args.join(' ')}" failed (see above)`,
      );
      process.exit(1);
    }
  }
  step = decide(await gatherFacts(process.env, systemProbe), false);
}
if (step.kind === 'stop') {
  console.error(step.line);
  process.exit(1);
}

// Stack traces in the log name the TypeScript file and line of our own code (decision 002). Each entry (main.ts,
// pdf-worker.ts) turns this on before it loads the rest, rather than `--enable-source-maps`, which also reads and
// keeps the source maps that packages ship: several megabytes more at rest, for traces inside node_modules.
import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });

// The server's entry point (`npm start`, `npm run serve`, `npm run dev`).
// First: libraries read NODE_ENV as they load. The server is imported dynamically rather than beside it, because once
// bundled (`npm run build`, dist/server) a module's package imports are all evaluated before any of its own code.
import './production-by-default.ts';
import './stack-traces.ts';

await import('./run-server.ts');

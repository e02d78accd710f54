import { z } from 'zod';

// Zod probes `new Function` to compile faster parsers; our CSP forbids eval, and the probe alone is reported as a
// violation in the browser. Every schema takes `z` from here, so the setting holds wherever a schema runs.
z.config({ jitless: true });

export { z };

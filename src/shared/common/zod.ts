import { z } from 'zod';

// Zod probes `new Function` to compile faster parsers; our CSP forbids eval, and the probe alone is reported as a
// violation in the browser. Every schema takes `z` from here, so the setting holds wherever a schema runs.
z.config({ jitless: true });
// Messages the schemas do not word themselves (a body that is not an object, a field of the wrong type sent by a
// tool) come out in French too: every user reads French, and so does every API error.
z.config(z.locales.fr());

export { z };

// `npm run bench`: bundle sizes, Lighthouse on the public pages, the public pages, the APIs under load, then the e-mail
// queue, the backup, the faults, 1,000 orders across two instances, a client's sign-in alone, the client's pages, the first
// start, invoice PDFs on the event loop or in a thread, and the mixed load.
// Build first.
import { measureBundles } from './bundle-size.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureApi } from './api.ts';
import { measureClientApi } from './client-api.ts';
import { measureMailQueue } from './mail-queue.ts';
import { measureBackup } from './backup.ts';
import { measurePages } from './pages.ts';
import { measureFaults } from './faults.ts';
import { measureMixedLoad } from './mixed-load.ts';
import { measureInstances } from './instances.ts';
import { measureLive } from './live.ts';
import { measureSignIn } from './sign-in.ts';
import { measureClientPages } from './client-pages.ts';
import { measureFirstStart } from './first-start.ts';
import { measurePdfThread } from './pdf-thread.ts';

const bundles = await measureBundles();
console.log(`landing critical JS: ${bundles.landingCriticalJsKb} kB gzip (budget ${bundles.budgetKb} kB)`);
const lighthouse = await measureLighthouse();
console.log(
  'lighthouse:',
  JSON.stringify(Object.fromEntries(Object.entries(lighthouse.pages).map(([page, r]) => [page, r.met]))),
);
const pages = await measurePages();
console.log(
  'pages:',
  JSON.stringify(pages, (key, value) => (key === 'perRound' ? undefined : value), 2),
);
const api = await measureApi();
console.log('api:', JSON.stringify(api, null, 2));
const clientApi = await measureClientApi();
console.log('client api:', JSON.stringify(clientApi, null, 2));
const mailQueue = await measureMailQueue();
console.log(
  'mail queue:',
  JSON.stringify(mailQueue, (key, value) => (key === 'perRound' ? undefined : value), 2),
);
for (const kind of ['pglite', 'postgres'] as const) {
  const backup = await measureBackup(kind);
  console.log(`backup (${kind}):`, JSON.stringify(backup, null, 2));
}
const faults = await measureFaults();
console.log('faults:', JSON.stringify(faults.verdict, null, 2));
const instances = await measureInstances();
console.log('1,000 orders across two instances:', JSON.stringify(instances.verdict));
const live = await measureLive();
console.log(
  'live events across instances:',
  JSON.stringify({ latencyMs: live.latencyMs, memoryOfInstanceB: live.memoryOfInstanceB }),
);
const signIn = await measureSignIn();
console.log(
  'client sign-in median:',
  JSON.stringify({
    ms: signIn.signIn.medianMs,
    target: signIn.target.signInMedianMaxMs,
    scryptMsAtStart: signIn.scryptMsAtStart,
  }),
);
const clientPages = await measureClientPages();
console.log('client pages, median alone:', JSON.stringify(clientPages.summary['/dashboard']));
const firstStart = await measureFirstStart();
console.log(
  'first start, peak RSS:',
  JSON.stringify({ initialDatabase: firstStart.initialDatabase.peakMb, initdb: firstStart.initdb.peakMb }),
);
const pdfThread = await measurePdfThread();
console.log('invoice PDFs, event loop or worker thread:', JSON.stringify(pdfThread.summary));
const mixed = await measureMixedLoad();
console.log(
  'mixed load, highest rate with p99 under 200 ms:',
  JSON.stringify({
    postgresTwoInstances: mixed.postgresTwoInstances?.highestRateWithP99Under200Ms,
    pgliteOneInstance: mixed.pgliteOneInstance?.highestRateWithP99Under200Ms,
  }),
);

import { setScryptCostForTests } from '../services/passwords';

// Every test file: sign-ins hash at N=2^14 rather than OWASP's 2^17 (128 MiB, up to a second each on a busy machine),
// or the suite's hundreds of sign-ins would take minutes. services/passwords.test.ts checks the real cost.
setScryptCostForTests({ N: 2 ** 14, r: 8, p: 1 });

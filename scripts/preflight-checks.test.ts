import { describe, expect, it } from 'vitest';
import { decide, gatherFacts, placeOf, type Facts, type Probe } from './preflight-checks.ts';

const DEBIAN_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/turnserver'];

/** A machine as the test describes it: which paths are executable, who runs, what PostgreSQL answers. */
function machine(over: Partial<Probe> & { executables?: string[] } = {}): Probe {
  const executables = new Set(over.executables ?? [...DEBIAN_BROWSERS, '/usr/bin/apt-get']);
  return {
    executable: async (path) => executables.has(path),
    root: over.root ?? false,
    clusters: over.clusters ?? (async () => ['17']),
    postgres: over.postgres ?? (async () => ({ answers: true })),
  };
}

const lineOf = (facts: Facts, mayInstall?: boolean) => {
  const step = decide(facts, mayInstall);
  expect(step.kind).toBe('stop');
  return step.kind === 'stop' ? step.line : '';
};

describe('[TEST][PREFLIGHT] npm test checks the machine first', () => {
  it('goes on when both browsers are there and no PostgreSQL is asked for', async () => {
    const facts = await gatherFacts({}, machine());
    expect(facts).toMatchObject({ missing: [], apt: true, root: false, postgres: null });
    expect(decide(facts)).toEqual({ kind: 'ready' });
  });

  it('names the exact apt-get command with sudo, in French and in English, when a browser is missing', async () => {
    const facts = await gatherFacts(
      {},
      machine({ executables: ['/usr/bin/chromium', '/usr/bin/turnserver', '/usr/bin/apt-get'] }),
    );
    const line = lineOf(facts);
    expect(line).toBe(
      'npm test : il manque chromium-headless-shell pour les tests de navigateur. Commande : sudo apt-get install -y chromium-headless-shell / ' +
        'npm test: chromium-headless-shell is missing for the browser tests. Command: sudo apt-get install -y chromium-headless-shell',
    );
    expect(line).not.toContain('\n');
  });

  it('installs every missing browser with apt-get when run as root on Debian, and only once', async () => {
    const facts = await gatherFacts({}, machine({ executables: ['/usr/bin/apt-get'], root: true }));
    expect(decide(facts)).toEqual({
      kind: 'install',
      packages: ['chromium-headless-shell', 'chromium', 'coturn'],
      line: 'npm test : installation de chromium-headless-shell, chromium et coturn (apt-get)… / npm test: installing chromium-headless-shell, chromium and coturn (apt-get)…',
    });
    // Still missing after the install: it stops and says what to run (as root, without sudo).
    expect(lineOf(facts, false)).toContain('Commande : apt-get install -y chromium-headless-shell chromium coturn /');
  });

  it('asks for the browsers by path and variable where there is no apt-get', async () => {
    const facts = await gatherFacts(
      {},
      machine({ executables: ['/usr/bin/chromium-headless-shell', '/usr/bin/turnserver'], root: true }),
    );
    expect(decide(facts).kind).toBe('stop');
    expect(lineOf(facts)).toMatch(
      /il manque \/usr\/bin\/chromium pour .* chemins dans CHROMIUM_PATH \/ .*set CHROMIUM_PATH/,
    );
  });

  it('checks the binaries that E2E_BROWSER_PATH and CHROMIUM_PATH name, and never installs over them', async () => {
    const env = { E2E_BROWSER_PATH: '/opt/shell/headless_shell', CHROMIUM_PATH: '/opt/chrome/chrome' };
    expect(
      decide(
        await gatherFacts(
          env,
          machine({ executables: ['/opt/shell/headless_shell', '/opt/chrome/chrome', '/usr/bin/turnserver'] }),
        ),
      ),
    ).toEqual({
      kind: 'ready',
    });
    const facts = await gatherFacts(
      env,
      machine({ executables: ['/opt/chrome/chrome', '/usr/bin/turnserver', '/usr/bin/apt-get'], root: true }),
    );
    expect(lineOf(facts)).toMatch(
      /^npm test : E2E_BROWSER_PATH=\/opt\/shell\/headless_shell ne désigne pas un programme exécutable/,
    );
  });

  it('leaves PostgreSQL alone without TEST_DATABASE_URL, and checks it with', async () => {
    let asked = 0;
    const postgres = async () => {
      asked++;
      return { answers: true } as const;
    };
    await gatherFacts({}, machine({ postgres }));
    expect(asked).toBe(0);
    const facts = await gatherFacts(
      { TEST_DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:5432/test' },
      machine({ postgres }),
    );
    expect(asked).toBe(1);
    expect(facts.postgres).toMatchObject({ where: '127.0.0.1:5432/test', local: true, clusters: ['17'] });
    expect(decide(facts)).toEqual({ kind: 'ready' });
  });

  it('says how to start a local PostgreSQL that does not answer, never showing the password', async () => {
    const down = machine({ postgres: async () => ({ answers: false, down: true, detail: 'connect ECONNREFUSED' }) });
    const url = 'postgres://postgres:secret@127.0.0.1:5432/test';
    const line = lineOf(await gatherFacts({ TEST_DATABASE_URL: url }, down));
    expect(line).toContain(
      'PostgreSQL ne répond pas à 127.0.0.1:5432/test (TEST_DATABASE_URL). Commande : sudo pg_ctlcluster 17 main start',
    );
    expect(line).toContain('Command: sudo pg_ctlcluster 17 main start (or npm test without TEST_DATABASE_URL)');
    expect(line).not.toContain('secret');
    // Not installed at all: apt-get installs it.
    const none = machine({ postgres: down.postgres, clusters: async () => [] });
    expect(lineOf(await gatherFacts({ TEST_DATABASE_URL: url }, none))).toContain(
      'Commande : sudo apt-get install -y postgresql',
    );
    // Another machine's server: no local command to give.
    const remote = lineOf(await gatherFacts({ TEST_DATABASE_URL: 'postgres://db.exemple.fr/test' }, down));
    expect(remote).toContain('ne répond pas à db.exemple.fr:5432/test (TEST_DATABASE_URL). Démarrez-le');
    expect(remote).not.toContain('pg_ctlcluster');
  });

  it("passes on the server's reason when it answers and refuses", async () => {
    const refused = machine({
      postgres: async () => ({ answers: false, down: false, detail: 'database "nope" does not exist' }),
    });
    expect(lineOf(await gatherFacts({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1/nope' }, refused))).toContain(
      'PostgreSQL refuse la connexion à 127.0.0.1:5432/nope (TEST_DATABASE_URL) : database "nope" does not exist. Corrigez TEST_DATABASE_URL',
    );
  });

  it('asks for the browsers before the database', async () => {
    const facts = await gatherFacts(
      { TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1/test' },
      machine({
        executables: ['/usr/bin/apt-get'],
        postgres: async () => ({ answers: false, down: true, detail: '' }),
      }),
    );
    expect(lineOf(facts)).toContain('sudo apt-get install -y chromium-headless-shell chromium');
  });

  it('reads an address without its credentials', () => {
    expect(placeOf('postgres://u:p@[::1]:6543/base?sslmode=disable')).toBe('[::1]:6543/base');
    expect(placeOf('pas une adresse')).toBe('une adresse illisible / an unreadable address');
  });
});

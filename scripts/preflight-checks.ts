import { access, constants, readdir } from 'node:fs/promises';
import { browsersOf, type Browser } from './browsers.ts';

/** What `npm test` needs from the machine beyond npm (the rest comes with `npm ci`), as found there. */
export type Facts = {
  /** the browsers the tests drive that are not there (or not executable) */
  missing: Browser[];
  /** Debian's apt-get is there to install packages */
  apt: boolean;
  root: boolean;
  /** checked only when TEST_DATABASE_URL is set: the API tests then run a second time on that server */
  postgres: null | {
    /** host:port/database, without the credentials */
    where: string;
    /** on this machine, where the Debian commands can start it */
    local: boolean;
    state: PostgresState;
    /** the versions of PostgreSQL's Debian clusters (/etc/postgresql/<version>), newest first */
    clusters: string[];
  };
};

type PostgresState = { answers: true } | { answers: false; down: boolean; detail: string };

/** What the preflight does: nothing, install Debian packages (as root), or stop with one line saying what to run. */
export type Step =
  { kind: 'ready' } | { kind: 'install'; packages: string[]; line: string } | { kind: 'stop'; line: string };

/** One line, French then English: the team reads the first, a contributor from elsewhere the second. */
const bilingual = (fr: string, en: string) => `npm test : ${fr} / npm test: ${en}`;
const and = (words: string[], conjunction: string) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}` : (words[0] ?? '');

/** The decision, from the facts alone (tested apart); `mayInstall` is false once an install has been tried. */
export function decide(facts: Facts, mayInstall = true): Step {
  const sudo = facts.root ? '' : 'sudo ';
  if (facts.missing.length > 0) {
    const named = facts.missing.find((b) => b.debianPackage === null);
    if (named) {
      return stop(
        `${named.variable}=${named.path} ne désigne pas un programme exécutable. Corrigez ${named.variable}, ou retirez-la pour utiliser le navigateur de Debian`,
        `${named.variable}=${named.path} is not an executable program. Fix ${named.variable}, or unset it to use Debian's browser`,
      );
    }
    const packages = facts.missing.map((b) => b.debianPackage!);
    if (facts.apt && facts.root && mayInstall) {
      return {
        kind: 'install',
        packages,
        line: bilingual(
          `installation de ${and(packages, 'et')} (apt-get)…`,
          `installing ${and(packages, 'and')} (apt-get)…`,
        ),
      };
    }
    if (facts.apt) {
      const command = `${sudo}apt-get install -y ${packages.join(' ')}`;
      return stop(
        `il manque ${and(packages, 'et')} pour les tests de navigateur. Commande : ${command}`,
        `${and(packages, 'and')} ${packages.length > 1 ? 'are' : 'is'} missing for the browser tests. Command: ${command}`,
      );
    }
    const paths = facts.missing.map((b) => b.path);
    const variables = facts.missing.map((b) => b.variable);
    return stop(
      `il manque ${and(paths, 'et')} pour les tests de navigateur. Installez Chromium et son « headless shell », puis donnez leurs chemins dans ${and(variables, 'et')}`,
      `${and(paths, 'and')} ${paths.length > 1 ? 'are' : 'is'} missing for the browser tests. Install Chromium and its headless shell, then set ${and(variables, 'and')} to them`,
    );
  }
  const postgres = facts.postgres;
  if (postgres && !postgres.state.answers) {
    const without = ['(ou npm test sans TEST_DATABASE_URL)', '(or npm test without TEST_DATABASE_URL)'] as const;
    if (!postgres.state.down) {
      return stop(
        `PostgreSQL refuse la connexion à ${postgres.where} (TEST_DATABASE_URL) : ${postgres.state.detail}. Corrigez TEST_DATABASE_URL ${without[0]}`,
        `PostgreSQL refuses the connection to ${postgres.where} (TEST_DATABASE_URL): ${postgres.state.detail}. Fix TEST_DATABASE_URL ${without[1]}`,
      );
    }
    const cluster = postgres.clusters[0];
    const command = !postgres.local
      ? null
      : cluster
        ? `${sudo}pg_ctlcluster ${cluster} main start`
        : facts.apt
          ? `${sudo}apt-get install -y postgresql`
          : null;
    return stop(
      `PostgreSQL ne répond pas à ${postgres.where} (TEST_DATABASE_URL). ${command ? `Commande : ${command}` : 'Démarrez-le'} ${without[0]}`,
      `PostgreSQL does not answer at ${postgres.where} (TEST_DATABASE_URL). ${command ? `Command: ${command}` : 'Start it'} ${without[1]}`,
    );
  }
  return { kind: 'ready' };
}

function stop(fr: string, en: string): Step {
  return { kind: 'stop', line: bilingual(fr, en) };
}

/** How the facts are read from the machine: replaced in tests, so that a missing browser needs no uninstall. */
export type Probe = {
  executable(path: string): Promise<boolean>;
  root: boolean;
  /** PostgreSQL's Debian cluster versions */
  clusters(): Promise<string[]>;
  postgres(url: string): Promise<PostgresState>;
};

export async function gatherFacts(env: NodeJS.ProcessEnv, probe: Probe): Promise<Facts> {
  const browsers = Object.values(browsersOf(env));
  const url = env.TEST_DATABASE_URL;
  const [present, apt, postgres] = await Promise.all([
    Promise.all(browsers.map((b) => probe.executable(b.path))),
    probe.executable('/usr/bin/apt-get'),
    url
      ? Promise.all([probe.postgres(url), probe.clusters()]).then(([state, clusters]) => ({
          where: placeOf(url),
          local: isLocal(url),
          state,
          clusters,
        }))
      : null,
  ]);
  return { missing: browsers.filter((_, i) => !present[i]), apt, root: probe.root, postgres };
}

function isLocal(url: string): boolean {
  try {
    // No host: PostgreSQL's Unix socket.
    return ['', 'localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** host:port/database of a connection URL, never its password. */
export function placeOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'une adresse illisible / an unreadable address';
  }
}

export const systemProbe: Probe = {
  async executable(path) {
    try {
      await access(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  root: process.getuid?.() === 0,
  async clusters() {
    const versions = await readdir('/etc/postgresql').catch(() => []);
    return versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  },
  async postgres(url) {
    // Loaded only when asked: the preflight stays quick without a database to check.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 800 });
    try {
      await client.connect();
      await client.query('select 1');
      return { answers: true };
    } catch (error) {
      // A server that answers and refuses (unknown role or database) sends an error of its own; anything else
      // (refused, unreachable, timed out, cut) means nobody answers there.
      const refused = error instanceof pg.DatabaseError;
      return { answers: false, down: !refused, detail: error instanceof Error ? error.message : String(error) };
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};

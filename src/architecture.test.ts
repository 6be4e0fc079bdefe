/**
 * The dependency rules (DESIGN §2, as issue 23 restates them), followed through every import,
 * type-only imports included: a module breaks a rule when anything it reaches, however many
 * files away, is out of bounds. Checking direct imports only missed five breaches (the watchlist
 * island reaching server types through the tables' markup, the session store loading an island,
 * the exports reading components, configuration and the domain reaching into the ingest).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname);

/** Module → the modules it imports (relative specifiers, resolved to files under src). */
type Graph = Map<string, string[]>;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : /\.(tsx?|astro|mjs|js)$/.test(e.name) ? [full] : [];
  });
}

const SPECIFIERS =
  /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|typeof import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;

/** A relative specifier as a file: exact, or with the extension or index a bundler would add. */
function resolve(from: string, spec: string): string {
  const target = path.resolve(path.dirname(from), spec);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return target;
}

/** The import graph of src, tests excluded (a test may reach anything it tests). */
function graphOfSrc(): Graph {
  const graph: Graph = new Map();
  for (const file of filesUnder(SRC)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const from = path.relative(SRC, file);
    const edges: string[] = [];
    for (const m of text.matchAll(SPECIFIERS)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = path.relative(SRC, resolve(file, spec));
      edges.push(target);
      if (m[2] !== undefined) LAZY.add(`${from} → ${target}`);
    }
    graph.set(from, edges);
  }
  return graph;
}

/** Edges made by a dynamic import(): "from → to". */
const LAZY = new Set<string>();

interface Rule {
  name: string;
  /** The modules the rule binds (paths relative to src). */
  from: (file: string) => boolean;
  /** What they must never reach. */
  never: (file: string) => boolean;
}

const under =
  (...folders: string[]) =>
  (file: string) =>
    folders.some((f) => file === f || file.startsWith(`${f}/`));

/** A feature's folder: features/<group>/<area> in the three groups, features/<area> otherwise. */
const FEATURE = `features/(?:(?:market|content|reader)/)?[^/]+`;
const featureOf = (file: string) => new RegExp(`^${FEATURE}`).exec(file)?.[0];
/** Code that runs in the browser: islands, stores, and a feature's client folder. */
const browser = (file: string) => under('islands', 'stores')(file) || new RegExp(`^${FEATURE}/client/`).test(file);
/** A feature's routes: routes.ts, or named like writeRoutes.ts when it has several groups. */
const routesFile = (file: string) => new RegExp(String.raw`^${FEATURE}/\w*[Rr]outes\.ts$`).test(file);
/** Code that runs only on the server: src/server, and a feature's read model, routes and index. */
const serverOnly = (file: string) =>
  under('server')(file) ||
  /\.server\.ts$/.test(file) ||
  routesFile(file) ||
  new RegExp(`^${FEATURE}/index.ts$`).test(file);

const RULES: Rule[] = [
  {
    name: 'browser code (islands, stores, a feature’s client/) never reaches the server, a page or an Astro component',
    from: browser,
    never: (f) => serverOnly(f) || under('pages', 'layouts')(f) || f.endsWith('.astro'),
  },
  { name: 'stores never reach islands or components', from: under('stores'), never: under('islands', 'components') },
  {
    name: 'the server never reaches pages, components, islands or stores',
    from: (f) => under('server')(f) || /\.server\.ts$/.test(f) || routesFile(f),
    never: (f) => under('pages', 'layouts', 'components', 'islands', 'stores')(f) || browser(f) || f.endsWith('.astro'),
  },
  {
    name: 'configuration, the database and the features never reach the ingest (the ingest writes through them)',
    from: (f) => f === 'server/config.ts' || under('server/db', 'features')(f),
    never: under('server/ingest'),
  },
  { name: 'lib reaches nothing of ours outside lib', from: under('lib'), never: (f) => !under('lib')(f) },
];

/**
 * A feature is reached from outside only through its index.ts (its server face), its
 * client/index.ts (its browser face) or, from pages, layouts and other features' components,
 * its components (.astro, .tsx) and stylesheets (a coin page composes the coin table); a dynamic
 * import() may load one of its client modules on demand:
 * a direct rule, on each import, since what an index reaches inside its own feature is that
 * feature's business.
 */
function crossFeatureImports(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const own = featureOf(file);
    for (const target of targets) {
      const other = featureOf(target);
      if (!other || other === own) continue;
      const face = target === `${other}/index.ts` || target === `${other}/client/index.ts`;
      // A script loaded on demand is an entry point of its own: through the face, the whole face
      // would load with it (the live cells would bring the table markup).
      const entry = LAZY.has(`${file} → ${target}`) && target.startsWith(`${other}/client/`);
      const component = /\.(astro|tsx|css)$/.test(target) && (!own || /\.(astro|tsx)$/.test(file));
      if (!face && !component && !entry)
        found.push(
          `${file} → ${target} (through ${other}/${target.startsWith(`${other}/client/`) ? 'client/' : ''}index.ts)`,
        );
    }
  }
  return found;
}

/**
 * Every breach of the rules: one line per module and rule, with the first chain of imports
 * that leads out of bounds ("islands/a.ts → components/b.ts → server/c.ts").
 */
function violations(graph: Graph, rules: readonly Rule[] = RULES): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    for (const start of graph.keys()) {
      if (!rule.from(start)) continue;
      // Breadth first: the chain reported is a shortest one.
      const via = new Map<string, string | null>([[start, null]]);
      const queue = [start];
      let hit: string | undefined;
      while (queue.length && hit === undefined) {
        const file = queue.shift()!;
        for (const next of graph.get(file) ?? []) {
          if (via.has(next)) continue;
          via.set(next, file);
          if (rule.never(next)) {
            hit = next;
            break;
          }
          queue.push(next);
        }
      }
      if (hit === undefined) continue;
      const chain: string[] = [];
      for (let at: string | null | undefined = hit; at; at = via.get(at)) chain.unshift(at);
      found.push(`${rule.name}: ${chain.join(' → ')}`);
    }
  }
  return found;
}

describe('dependency rules (DESIGN §2), followed transitively', () => {
  it('hold across src', () => {
    expect(violations(graphOfSrc())).toEqual([]);
  });

  it('see every import: each relative one names a file that exists (a file moved leaves none behind)', () => {
    const graph = graphOfSrc();
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !fs.existsSync(path.join(SRC, t))).map((t) => `${file} → ${t}`),
    );
    expect(missing).toEqual([]);
  });

  it('let a feature reach another only through its index', () => {
    expect(crossFeatureImports(graphOfSrc())).toEqual([]);
    const graph: Graph = new Map([
      [
        'features/reader/votes/routes.ts',
        ['features/content/lives/lives.server.ts', 'features/content/lives/index.ts'],
      ],
      [
        'features/reader/votes/client/votes.ts',
        ['features/reader/reviews/client/index.ts', 'features/reader/votes/client/loader.ts'],
      ],
      ['server/api/app.ts', ['features/reader/votes/index.ts', 'features/reader/reviews/writeRoutes.ts']],
      [
        'pages/lives/[id].astro',
        ['features/reader/votes/VoteButtons.astro', 'features/reader/reviews/reviews.server.ts'],
      ],
      ['features/reader/votes/VoteButtons.astro', ['features/reader/reviews/Stars.astro']],
      ['features/reader/votes/votes.server.ts', ['features/reader/reviews/Stars.astro']],
      ['features/search/client/box.ts', ['features/market/coins/client/cells.ts']],
      ['islands/page/lazy.ts', ['features/market/coins/client/cells.ts', 'features/market/coins/coins.server.ts']],
    ]);
    LAZY.add('islands/page/lazy.ts → features/market/coins/client/cells.ts');
    LAZY.add('islands/page/lazy.ts → features/market/coins/coins.server.ts');
    expect(crossFeatureImports(graph)).toEqual([
      'features/reader/votes/routes.ts → features/content/lives/lives.server.ts (through features/content/lives/index.ts)',
      'server/api/app.ts → features/reader/reviews/writeRoutes.ts (through features/reader/reviews/index.ts)',
      'pages/lives/[id].astro → features/reader/reviews/reviews.server.ts (through features/reader/reviews/index.ts)',
      'features/reader/votes/votes.server.ts → features/reader/reviews/Stars.astro (through features/reader/reviews/index.ts)',
      'features/search/client/box.ts → features/market/coins/client/cells.ts (through features/market/coins/client/index.ts)',
      'islands/page/lazy.ts → features/market/coins/coins.server.ts (through features/market/coins/index.ts)',
    ]);
  });

  it('keep a feature’s client code off its read model and routes', () => {
    const graph: Graph = new Map([
      ['features/reader/votes/client/votes.ts', ['lib/html.ts', 'features/reader/votes/votes.server.ts']],
      ['features/reader/votes/client/loader.ts', ['features/reader/votes/index.ts']],
      ['features/reader/votes/routes.ts', ['features/reader/votes/VoteButtons.astro']],
      ['features/reader/votes/index.ts', []],
      ['features/reader/votes/votes.server.ts', []],
      ['features/reader/votes/VoteButtons.astro', ['features/reader/votes/client/loader.ts']],
      ['lib/html.ts', []],
    ]);
    const found = violations(graph);
    expect(found).toContain(
      `${RULES[0]!.name}: features/reader/votes/client/votes.ts → features/reader/votes/votes.server.ts`,
    );
    expect(found).toContain(
      `${RULES[0]!.name}: features/reader/votes/client/loader.ts → features/reader/votes/index.ts`,
    );
    expect(found).toContain(
      `${RULES[2]!.name}: features/reader/votes/routes.ts → features/reader/votes/VoteButtons.astro`,
    );
    // A server component may load its own client code.
    expect(found.filter((f) => f.includes(': features/reader/votes/VoteButtons.astro'))).toEqual([]);
  });

  it('catch each breach the direct check missed, however far the import', () => {
    // The five breaches as they stood, each through the chain that made it.
    const graph: Graph = new Map([
      ['islands/watchlist/watchlist.ts', ['components/market/markup.ts', 'lib/html.ts']],
      ['components/market/markup.ts', ['components/ui/markup.ts', 'lib/html.ts']],
      ['components/ui/markup.ts', ['server/view.ts']],
      ['server/view.ts', []],
      ['lib/html.ts', []],
      ['stores/session.ts', ['islands/push/device.ts']],
      ['islands/push/device.ts', ['lib/html.ts']],
      ['server/export/tables.ts', ['features/market/coins/coins.server.ts', 'components/ieo/platform.ts']],
      ['components/ieo/platform.ts', []],
      ['features/market/coins/coins.server.ts', ['server/db/provenance.ts']],
      ['server/db/provenance.ts', ['server/ingest/sources/types.ts']],
      ['server/ingest/sources/types.ts', []],
      ['server/config.ts', ['server/ingest/aggregate.ts']],
      ['server/ingest/aggregate.ts', ['server/config.ts']],
    ]);
    const found = violations(graph);
    expect(found).toContain(
      `${RULES[0]!.name}: islands/watchlist/watchlist.ts → components/market/markup.ts → components/ui/markup.ts → server/view.ts`,
    );
    expect(found).toContain(`${RULES[1]!.name}: stores/session.ts → islands/push/device.ts`);
    expect(found).toContain(`${RULES[2]!.name}: server/export/tables.ts → components/ieo/platform.ts`);
    expect(found).toContain(`${RULES[3]!.name}: server/config.ts → server/ingest/aggregate.ts`);
    expect(found).toContain(
      `${RULES[3]!.name}: features/market/coins/coins.server.ts → server/db/provenance.ts → server/ingest/sources/types.ts`,
    );
    // The ingest may read configuration, the database and the features: no rule binds it.
    expect(found.filter((f) => f.includes(': server/ingest/'))).toEqual([]);
  });

  it('reads every kind of import: type-only, re-exports, dynamic, side effects, typeof import()', () => {
    // The probe comes and goes inside src/islands; the folder keeps its times, or
    // scripts/ensure-build.mjs would take every build for stale after this test.
    const islands = path.join(SRC, 'islands');
    const times = fs.statSync(islands);
    const dir = fs.mkdtempSync(path.join(islands, '__probe__'));
    const file = path.join(dir, 'probe.ts');
    fs.writeFileSync(
      file,
      [
        "import type { Config } from '../../server/config.ts';",
        "export { config } from '../../server/config.ts';",
        "const later = () => import('../../server/boot.ts');",
        "import '../../server/db/index.ts';",
        "type Lazy = typeof import('../../server/view.ts');",
      ].join('\n'),
    );
    try {
      const edges = graphOfSrc().get(path.relative(SRC, file)) ?? [];
      expect(edges.sort()).toEqual([
        'server/boot.ts',
        'server/config.ts',
        'server/config.ts',
        'server/db/index.ts',
        'server/view.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true });
      fs.utimesSync(islands, times.atime, times.mtime);
    }
  });
});

/**
 * After `vite build`: the gzip size of the JavaScript each route loads (the entry, the route's
 * own chunk, and every chunk they import statically), printed per route; the build fails when
 * the landing page or the signed-in home passes its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const KB = 1024;
/** Budgets in KB of gzip: the client performance targets, landing page and signed-in home. */
const BUDGETS = { '/': 150, '/app/dashboard': 250 };

const gzipped = new Map();
function gzipSize(file) {
  if (!gzipped.has(file))
    gzipped.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const next of chunk.imports ?? []) closure(next, into);
  return into;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const API = 'src/graphql/ApolloRoot.tsx';
const APP = [API, 'src/modules/auth/components/ProtectedRoute.tsx', 'src/layout/AppLayout.tsx'];
const routes = {
  '/': ['src/pages/LandingPage.tsx'],
  '/signin': [API, 'src/pages/SignInPage.tsx'],
  '/signup': [API, 'src/pages/SignUpPage.tsx'],
  '/app/dashboard': [...APP, 'src/pages/app/DashboardPage.tsx'],
  '/app/search': [...APP, 'src/pages/app/SearchPage.tsx'],
  '/app/bots': [...APP, 'src/pages/app/BotsPage.tsx'],
  '/app/bots/:id': [...APP, 'src/pages/app/BotDetailPage.tsx'],
  '/app/connectors': [...APP, 'src/pages/app/ConnectorsPage.tsx'],
  '/app/users': [...APP, 'src/pages/app/UsersPage.tsx'],
  '/app/groups': [...APP, 'src/pages/app/GroupsPage.tsx'],
  '/app/documents/:id': [...APP, 'src/pages/app/DocumentPage.tsx'],
  '/app/api-keys': [...APP, 'src/pages/app/ApiKeysPage.tsx'],
  '/app/audit-log': [...APP, 'src/pages/app/AuditLogPage.tsx'],
  '/app/history': [...APP, 'src/pages/app/HistoryPage.tsx'],
  '/app/analytics': [...APP, 'src/pages/app/AnalyticsPage.tsx'],
};

let failed = false;
console.log('JavaScript per route (gzip, what loads before the page runs):');
for (const [route, modules] of Object.entries(routes)) {
  const chunks = new Set();
  closure(entry, chunks);
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of the build: is it lazy?`);
    closure(module, chunks);
  }
  const bytes = [...chunks].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  const budget = BUDGETS[route];
  const over = budget !== undefined && bytes > budget * KB;
  failed ||= over;
  console.log(
    `  ${route.padEnd(20)} ${(bytes / KB).toFixed(1).padStart(7)} KB` +
      (budget !== undefined ? `  (budget ${budget} KB${over ? ': OVER' : ''})` : ''),
  );
}
if (failed) {
  console.error('A route passed its JavaScript budget: split what it does not need at first.');
  process.exit(1);
}

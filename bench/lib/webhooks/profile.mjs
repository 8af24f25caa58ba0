import { readFileSync } from 'node:fs';

/**
 * Where a worker's CPU went, from a V8 .cpuprofile: self time per area (cofre's own code by
 * directory, kysely, the database driver, undici, Node's internals, GC, idle) and the hottest
 * functions. Native frames (no URL) take the area of the JS frame that called them, marked
 * "(native)": for better-sqlite3 that is the SQLite engine itself running the statement.
 */
export function summarizeProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const areaCache = new Map();
  const areaOf = (id) => {
    if (areaCache.has(id)) return areaCache.get(id);
    const { functionName, url } = byId.get(id).callFrame;
    let area;
    if (url) area = areaOfUrl(url);
    else if (functionName.startsWith('('))
      area = functionName; // (idle), (garbage collector), (program)
    else {
      const parent = parentOf.get(id);
      const parentArea = parent === undefined ? '(root)' : areaOf(parent);
      area = parentArea.endsWith('(native)') ? parentArea : `${parentArea} (native)`;
    }
    areaCache.set(id, area);
    return area;
  };
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idleUs = [...selfUs]
    .filter(([id]) => areaOf(id) === '(idle)')
    .reduce((s, [, us]) => s + us, 0);
  const areas = new Map();
  const functions = new Map();
  for (const [id, us] of selfUs) {
    const area = areaOf(id);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const share = (us) => us / totalUs;
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: us / 1_000, share: share(us) }));
  return {
    sampledSeconds: totalUs / 1e6,
    busyShare: 1 - share(idleUs),
    areas: top(areas, 14),
    functions: top(functions, 15),
  };
}

function areaOfUrl(url) {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return ['pg-pool', 'pg-protocol', 'pg-types', 'pg-connection-string'].includes(name)
      ? 'pg'
      : name;
  }
  const dist = url.indexOf('/packages/server/dist/');
  if (dist >= 0) {
    const rest = url.slice(dist + '/packages/server/dist/'.length).split('/');
    return `cofre ${rest.length > 1 ? rest[0] : rest[0].replace(/\.js$/, '')}`;
  }
  if (url.startsWith('node:')) {
    const parts = url.slice('node:'.length).split('/');
    return `node ${parts[0] === 'internal' ? parts[1]?.replace(/\.js$/, '') : parts[0]}`;
  }
  return url;
}

function shortUrl(url) {
  if (!url) return '';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const dist = url.indexOf('/packages/server/dist/');
  if (dist >= 0) return `cofre/${url.slice(dist + '/packages/server/dist/'.length)}`;
  return url.replace(/^file:\/\//, '');
}

import pg from 'pg';
import { loadConfig, createDb, migrateToLatest, loadKeys, startServer } from '@cofre/server';
const admin = process.env.TEST_DATABASE_URL;
const c0 = new pg.Client({ connectionString: admin }); await c0.connect(); await c0.query('DROP DATABASE IF EXISTS hc_cold WITH (FORCE)'); await c0.query('CREATE DATABASE hc_cold'); await c0.end();
const url = admin.replace(/\/postgres$/, '/hc_cold');
const env = { COFRE_DATABASE_URL: url, HOST: '127.0.0.1', PORT: '0', COFRE_LOG_LEVEL: 'warn', COFRE_BOOTSTRAP_DEMO_CLIENT: 'false' };
const cfg = loadConfig(env);
{ const h = createDb(cfg.database); await migrateToLatest(h.db); await loadKeys(h.db, cfg, Date.now()); await h.destroy(); }
for (let i = 0; i < 3; i++) {
  let t = performance.now(); const h = createDb(cfg.database, { maintenance: true }); await migrateToLatest(h.db); await h.destroy(); const mig = performance.now() - t;
  t = performance.now(); const s = await startServer(loadConfig(env)); const start = performance.now() - t; await s.stop();
  console.log('migrate-only', mig.toFixed(0), 'startServer', start.toFixed(0));
}

import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Db, Engine } from '../../src/db/database.js';

/** One statement a spied database ran: its SQL, its parameters and how many rows it answered. */
export interface SpiedStatement {
  sql: string;
  parameters: readonly unknown[];
  rows: number;
}

/**
 * Records the statements run through `spy.db` (the database with the spy as a plugin) while
 * `capture` runs, so a test can look at what one request asked the engine for: how many
 * statements, how many rows each answered, and their plans (`planOf`).
 */
export class StatementSpy {
  readonly db: Db;
  private recording: SpiedStatement[] | undefined;
  private readonly pending = new Map<object, SpiedStatement>();

  constructor(private readonly base: Db) {
    const plugin: KyselyPlugin = {
      transformQuery: (args) => this.started(args),
      transformResult: (args) => Promise.resolve(this.answered(args)),
    };
    this.db = base.withPlugin(plugin);
  }

  private started(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) {
      const compiled = this.base.getExecutor().compileQuery(args.node, args.queryId);
      this.pending.set(args.queryId, {
        sql: compiled.sql,
        parameters: compiled.parameters,
        rows: 0,
      });
    }
    return args.node;
  }

  private answered(args: PluginTransformResultArgs): QueryResult<UnknownRow> {
    const statement = this.pending.get(args.queryId);
    if (statement && this.recording) {
      this.pending.delete(args.queryId);
      statement.rows = args.result.rows.length;
      this.recording.push(statement);
    }
    return args.result;
  }

  /** The statements `run` made, in the order they answered. */
  async capture(run: () => Promise<unknown>): Promise<SpiedStatement[]> {
    this.recording = [];
    try {
      await run();
      return this.recording;
    } finally {
      this.recording = undefined;
      this.pending.clear();
    }
  }
}

/** The engine's plan of a statement, as text lines (PostgreSQL: EXPLAIN; SQLite: EXPLAIN QUERY PLAN). */
export async function planOf(
  db: Db,
  engine: Engine,
  statement: Pick<SpiedStatement, 'sql' | 'parameters'>,
): Promise<string> {
  const prefix = engine === 'postgres' ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + statement.sql, [...statement.parameters]),
  );
  return (
    result.rows
      .map((row) => {
        const line = row['QUERY PLAN'] ?? row['detail'];
        return typeof line === 'string' ? line : JSON.stringify(row);
      })
      .join('\n')
      // PostgreSQL prints a bound list of ids in full; the plan is what matters.
      .replace(/'\{[^}]*\}'/g, "'{…}'")
  );
}

interface PlanNode {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const SCANS = new Set([
  'Seq Scan',
  'Index Scan',
  'Index Only Scan',
  'Bitmap Heap Scan',
  'Tid Scan',
  'Tid Range Scan',
]);

/**
 * PostgreSQL only: the rows the statement's scans touched when run (EXPLAIN ANALYZE): for every
 * scan node, the rows it returned plus those its filter removed, times its loops. What the
 * engine examined, measured by the engine, not by a clock.
 */
export async function rowsExamined(db: Db, statement: SpiedStatement): Promise<number> {
  const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, [...statement.parameters]),
  );
  const walk = (node: PlanNode): number => {
    const own = SCANS.has(node['Node Type'])
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
    return own + (node.Plans ?? []).reduce((sum, child) => sum + walk(child), 0);
  };
  return walk(result.rows[0]!['QUERY PLAN'][0].Plan);
}

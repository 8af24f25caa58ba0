import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Db } from '../../src/db/database.js';

/** Counts the SELECTs that read a table, through a Kysely plugin on the handle it wraps. */
export class ReadCounter implements KyselyPlugin {
  count = 0;

  constructor(private readonly table: string) {}

  /** The handle to give the code under test (createTestApp's `appDb`). */
  wrap = (db: Db): Db => db.withPlugin(this);

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'SelectQueryNode' && reads(args.node, this.table)) this.count += 1;
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** Whether the query names the table anywhere (FROM, a join, a subquery). */
function reads(node: RootOperationNode, table: string): boolean {
  const found = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object') return false;
    const record = value as Record<string, unknown>;
    if (record.kind === 'TableNode') {
      const identifier = (record.table as { identifier?: { name?: string } }).identifier;
      if (identifier?.name === table) return true;
    }
    return Object.values(record).some(found);
  };
  return found(node);
}

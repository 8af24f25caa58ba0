/**
 * One resource's lifecycle as data: the states a new row may start in, and for each state the
 * states it may move to. The edges are the only source of truth; everything else is derived
 * from them, and every move goes through `moveState` (compare-and-set), so a row can never skip
 * or reverse a step, and a duplicate step (a retried job, a double click) changes nothing.
 */
export interface StateMachine<S extends string> {
  readonly states: readonly S[];
  readonly initial: readonly S[];
  canMove(from: S, to: S): boolean;
  /** States `to` may be reached from: the WHERE of a compare-and-set update. */
  sourcesOf(to: S): S[];
  /** No way out: the row is settled for good. */
  isFinal(state: S): boolean;
  isInitial(state: S): boolean;
}

export function stateMachine<const S extends string>(definition: {
  initial: readonly S[];
  edges: Readonly<Record<S, readonly S[]>>;
}): StateMachine<S> {
  const { initial, edges } = definition;
  const states = Object.keys(edges) as S[];
  return {
    states,
    initial,
    canMove: (from, to) => edges[from].includes(to),
    sourcesOf: (to) => states.filter((s) => edges[s].includes(to)),
    isFinal: (state) => edges[state].length === 0,
    isInitial: (state) => initial.includes(state),
  };
}

/**
 * The compare-and-set pattern, for any table. `update` receives the states the move is allowed
 * from and must put them in its WHERE (`.where('status', 'in', from)`), so the database decides
 * atomically whether the row was still in one of them. Only when rows moved does `after` run —
 * in the same transaction, since both use the caller's `trx` — to write the state-history row
 * (when the resource has one) and record the event. Returns how many rows moved; 0 means
 * "already moved", which callers treat as a duplicate, not an error.
 *
 * `from` narrows the sources (e.g. pausing moves only PENDING messages to HELD); naming a source
 * the machine does not allow is a programming error and throws before touching the database.
 */
export async function moveState<S extends string>(
  machine: StateMachine<S>,
  to: S,
  steps: {
    from?: readonly S[];
    update: (from: S[]) => Promise<{ numUpdatedRows: bigint } | number>;
    after?: (moved: number) => Promise<void>;
  },
): Promise<number> {
  const allowed = machine.sourcesOf(to);
  const from = steps.from ? [...steps.from] : allowed;
  const illegal = from.filter((state) => !allowed.includes(state));
  if (illegal.length > 0) {
    throw new Error(`state machine: no move from ${illegal.join(', ')} to ${to}`);
  }
  if (from.length === 0) return 0;
  const result = await steps.update(from);
  const moved = typeof result === 'number' ? result : Number(result.numUpdatedRows);
  if (moved > 0 && steps.after) await steps.after(moved);
  return moved;
}

/**
 * Checks at compile time that a runtime list names every member of a union (and nothing else),
 * so a value added to the server's enum fails the SDK's build until the list has it too.
 *
 * @example
 * ```ts
 * const COLOURS = everyMemberOf<'red' | 'blue'>()(['red', 'blue'] as const);
 * ```
 */
export function everyMemberOf<T extends string>() {
  return <const V extends readonly T[]>(
    values: V & ([T] extends [V[number]] ? unknown : { missing: Exclude<T, V[number]> }),
  ): V => values;
}

/** "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ" → "sub_…B5N0AQ": ids in narrow table cells. */
export function shortId(id: string): string {
  const cut = id.indexOf('_');
  return id.length > cut + 10 ? `${id.slice(0, cut + 1)}…${id.slice(-6)}` : id;
}

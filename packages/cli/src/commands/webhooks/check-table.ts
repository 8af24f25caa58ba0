import type { CaseResult } from './run-check.js';

const HEADINGS = ['CASE', 'EXPECTED', 'OBSERVED', 'RESULT'] as const;

/** The grade as a plain-text table, one line per case, then a one-line summary. */
export function checkTable(results: readonly CaseResult[]): string[] {
  const rows = results.map((r) => [r.title, r.expected, r.observed, r.pass ? 'PASS' : 'FAIL']);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ');
  const failed = results.filter((r) => !r.pass).length;
  return [
    line(HEADINGS),
    ...rows.map(line),
    '',
    failed === 0
      ? `All ${results.length} cases passed.`
      : `${failed} of ${results.length} cases failed.`,
  ];
}

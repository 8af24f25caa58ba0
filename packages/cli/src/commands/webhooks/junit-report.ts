import type { CaseResult } from './run-check.js';

/** What the JUnit report names: the receiver and the format graded. */
export interface JunitSubject {
  url: string;
  format: string;
  /** When the run started. */
  startedAt: Date;
}

/**
 * The grade as JUnit XML, the format CI systems read test results in (GitLab, Jenkins, GitHub
 * actions that publish test reports): one `<testsuite>` for the run, one `<testcase>` per case,
 * a `<failure>` with the expected and observed texts for each failed one.
 */
export function junitReport(results: readonly CaseResult[], subject: JunitSubject): string {
  const failures = results.filter((r) => !r.pass).length;
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const total = seconds(results.reduce((sum, r) => sum + r.durationMs, 0));
  const suite = `cofre webhooks check (${subject.format})`;
  const classname = `cofre.webhooks.check.${subject.format}`;
  const cases = results.map((r) => {
    const open = `    <testcase classname="${xml(classname)}" name="${xml(`${r.id}: ${r.title}`)}" time="${seconds(r.durationMs)}"`;
    if (r.pass) return `${open}/>`;
    return [
      `${open}>`,
      `      <failure message="${xml(r.observed)}" type="ReceiverCheckFailure">${xml(
        `expected: ${r.expected}\nobserved: ${r.observed}`,
      )}</failure>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cofre webhooks check" tests="${results.length}" failures="${failures}" errors="0" time="${total}">`,
    `  <testsuite name="${xml(suite)}" tests="${results.length}" failures="${failures}" errors="0" skipped="0" time="${total}" timestamp="${subject.startedAt.toISOString()}">`,
    '    <properties>',
    `      <property name="url" value="${xml(subject.url)}"/>`,
    `      <property name="format" value="${xml(subject.format)}"/>`,
    '    </properties>',
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Characters XML 1.0 allows below U+0020: tab, line feed, carriage return. */
const ALLOWED_CONTROLS = new Set(['\t', '\n', '\r']);

/** Text as XML attribute or element content: the five predefined entities, no other controls. */
function xml(text: string): string {
  return [...text]
    .filter((char) => char >= ' ' || ALLOWED_CONTROLS.has(char))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

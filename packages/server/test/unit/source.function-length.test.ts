import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function in packages/server/src or packages/cli/src is longer than this many lines (issue
 * 24, point 4): a longer one does several things, and is split by concern — a route plugin into
 * one registration per route or small group, a loader into one reader per section.
 */
const MAX_LINES = 80;

const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const ROOTS = ['packages/server/src', 'packages/cli/src'];

/**
 * Functions allowed past the limit, as `file name`: none. Nothing is added here, a new long
 * function is split; an entry that is no longer long fails the test below.
 */
const ALLOWED = new Set<string>([]);

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

/** What a reader calls a function: its own name, or the name it is bound to. */
function nameOf(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (node.kind === ts.SyntaxKind.Constructor) return 'constructor';
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function-like node of one source text longer than `MAX_LINES`: `file:line name length`. */
export function longFunctions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > MAX_LINES) found.push(`${fileName}:${first + 1} ${nameOf(node)} ${lines}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file name` of a finding (`file:line name length`), as ALLOWED lists it. */
const nameAndFile = (finding: string) => {
  const [place, name] = finding.split(' ');
  return `${place!.replace(/:\d+$/, '')} ${name}`;
};

const allowed = (finding: string) => ALLOWED.has(nameAndFile(finding));

describe('function length', () => {
  it(`keeps every function of the server and the CLI within ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((root) => sourceFiles(join(repository, root)));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      longFunctions(relative(repository, file), readFileSync(file, 'utf8')),
    );
    expect(found.filter((finding) => !allowed(finding))).toEqual([]);
    // The list only shrinks: an entry whose function was split (or renamed) goes with it.
    const stillLong = new Set(found.map((finding) => nameAndFile(finding)));
    expect([...ALLOWED].filter((entry) => !stillLong.has(entry))).toEqual([]);
  });

  it('reports a function one line too long, whatever its form, and none at the limit', () => {
    const body = (lines: number) => '  x++;\n'.repeat(lines - 2);
    const text = [
      `function declared() {\n${body(81)}}`,
      `const arrow = () => {\n${body(81)}};`,
      `const expression = function () {\n${body(81)}};`,
      `class Room {\n  method() {\n${body(81)}  }\n  constructor() {\n${body(81)}  }\n}`,
      `const routes = { plugin: async () => {\n${body(81)}} };`,
      `function atTheLimit() {\n${body(80)}}`,
      `items.map((item) => {\n${body(81)}});`,
    ].join('\n');
    expect(longFunctions('fixture.ts', `let x = 0;\n${text}\n`)).toEqual([
      'fixture.ts:2 declared 81',
      'fixture.ts:83 arrow 81',
      'fixture.ts:164 expression 81',
      'fixture.ts:246 method 81',
      'fixture.ts:327 constructor 81',
      'fixture.ts:409 plugin 81',
      'fixture.ts:570 (anonymous) 81',
    ]);
  });
});

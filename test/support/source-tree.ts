import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The repository's root, which the tree-scanning tests read files from. */
export const repoRoot = join(import.meta.dirname, '../..');

/** A file of the tree (a path from the root), parsed with parents set; a .tsx file as TSX. */
export function parsedSource(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(file, readFileSync(join(repoRoot, file), 'utf8'), ts.ScriptTarget.Latest, true, kind);
}

/** The line (from 1) where `node` starts. */
export function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

/**
 * The TypeScript files (.ts, .tsx; declarations left out) under `folders`, as paths from the root:
 * the files git sees (tracked, and new ones it does not ignore), so dependencies and build output never count.
 */
export function sourceFiles(folders: readonly string[]): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...folders], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts'));
}

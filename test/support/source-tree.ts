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

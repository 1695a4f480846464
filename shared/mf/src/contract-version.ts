import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The contract version: a hash of what the shell and a remote must agree on to work together (the exposes
 * each remote has, the props each exposed component takes), written into every app's mf-manifest.json at
 * build (`metaData.contractVersion`). A release whose version differs from the live shell's is refused
 * (shared/deploy/src/contract-check.ts). Only the declarations' tokens count: comments and layout do not.
 */
export const CONTRACT_DECLARATIONS = {
  'remotes-constants.ts': ['REMOTES', 'LIFECYCLES_EXPOSE', 'RemoteComponentModule', 'RemoteLifecycleProps'],
  'notes.ts': ['CreateNoteDialogProps', 'CreateNoteDialogModule'],
} as const;

/** The named top-level declarations of a source file, each as its tokens (no comments, no whitespace). */
export function declarationTokens(fileName: string, source: string, names: readonly string[]): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Map<string, string>();
  for (const statement of file.statements) {
    const declared = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(file))
      : ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)
        ? [statement.name.text]
        : [];
    for (const name of declared) if (names.includes(name)) found.set(name, tokensOf(file, statement));
  }
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) throw new Error(`${fileName}: the contract's ${missing.join(', ')} not found`);
  return names.map((n) => `${n}=${found.get(n)}`);
}

function tokensOf(file: ts.SourceFile, node: ts.Node): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, file.text);
  scanner.resetTokenState(node.getStart(file));
  const tokens: string[] = [];
  while (scanner.getTokenEnd() < node.end) {
    const kind = scanner.scan();
    if (kind === ts.SyntaxKind.EndOfFileToken) break;
    tokens.push(scanner.getTokenText());
  }
  return tokens.join(' ');
}

/** The hash of the declarations in CONTRACT_DECLARATIONS, read from `dir` (shared/contracts/src). */
export function contractVersion(dir = contractsSrc()): string {
  const hash = createHash('sha256');
  for (const [file, names] of Object.entries(CONTRACT_DECLARATIONS)) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const tokens of declarationTokens(file, source, names)) hash.update(tokens).update('\n');
  }
  return hash.digest('hex').slice(0, 12);
}

/** shared/contracts/src, as this package resolves its dependency on @mindpath/contracts. */
export function contractsSrc(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@mindpath/contracts/remotes'));
}

/** A manifest's (or stats') data with the contract version in its metaData, where a release check reads it. */
export function withContractVersion<S extends object>(data: S, version: string): S {
  const metaData = (data as { metaData?: object }).metaData;
  return { ...data, metaData: { ...metaData, contractVersion: version } };
}

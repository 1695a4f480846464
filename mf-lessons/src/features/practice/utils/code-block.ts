// A lesson's fenced code block as react-markdown hands it to the `pre` override: its language and its text,
// read from the tree (the highlighter has already split the text into token spans).
import { cannotRunHere, runnableLanguage } from '@mindpath/runner/languages';
import type { RunnableLanguage } from '@mindpath/runner/protocol';

/** The part of a hast node this reads (react-markdown passes the `pre` element as `node`). */
export interface TreeNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: TreeNode[];
}

export interface CodeBlockInfo {
  /** the fence's language word ("python", "sql"), null when it has none */
  info: string | null;
  /** the runtime that runs it, null when none does (Rust, Bash, plain text) */
  language: RunnableLanguage | null;
  code: string;
  /** why it cannot run here in learner words (numpy, files, network…), else null */
  cannotRun: string | null;
}

function textOf(node: TreeNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function infoOf(code: TreeNode): string | null {
  const names = code.properties?.className;
  const list = Array.isArray(names) ? names : typeof names === 'string' ? names.split(' ') : [];
  for (const name of list) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice('language-'.length);
  }
  return null;
}

/** What a `pre` holds: a fenced block is `pre > code.language-x`; anything else is not runnable. */
export function codeBlockOf(pre: TreeNode | undefined): CodeBlockInfo {
  const code = pre?.children?.find((c) => c.type === 'element' && c.tagName === 'code');
  if (!code) return { info: null, language: null, code: pre ? textOf(pre) : '', cannotRun: null };
  // the Markdown tree ends a fenced block's text with the newline before its closing fence
  const text = textOf(code).replace(/\n$/, '');
  const info = infoOf(code);
  const language = info === null ? null : runnableLanguage(info);
  return { info, language, code: text, cannotRun: language ? cannotRunHere(language, text) : null };
}

export const LANGUAGE_NAMES: Record<RunnableLanguage, string> = {
  python: 'Python',
  sql: 'SQL',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
};

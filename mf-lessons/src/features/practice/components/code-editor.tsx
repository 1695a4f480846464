// The code editor: CodeMirror 6 with the theme's colours (both themes, from @mindpath/ui's CSS variables,
// which inherit into its shadow root), Tab to indent that never traps focus (Escape, then Tab leaves:
// CodeMirror's tab-focus mode), and Ctrl/Cmd+Enter to run. Loaded lazily (lazy-workbench.ts): nothing of it
// is in a page's first load.
//
// Why a shadow root: CodeMirror writes its styles at run time, into a <style> element in a document (which
// the app's CSP refuses: style-src-elem allows only files and hashed boot styles) but into a constructed
// stylesheet in a shadow root, which the CSP does not govern.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  HighlightStyle,
  indentOnInput,
  indentUnit,
  type LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { RunnableLanguage } from '@mindpath/runner/protocol';
import { useEffect, useRef } from 'react';
import styles from './practice.module.css';

/** The same token colours as the lesson's highlighted code blocks (markdown.module.css). */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword],
    color: 'var(--color-accent)',
  },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--color-success)' },
  { tag: [tags.number, tags.bool, tags.null, tags.typeName, tags.atom], color: 'var(--color-warning)' },
  {
    tag: [tags.comment, tags.lineComment, tags.blockComment],
    color: 'var(--color-text-subtle)',
    fontStyle: 'italic',
  },
  {
    tag: [
      tags.function(tags.variableName),
      tags.function(tags.propertyName),
      tags.definition(tags.function(tags.variableName)),
      tags.className,
    ],
    color: 'var(--color-info)',
  },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-bg-subtle)',
    fontSize: 'var(--text-sm)',
  },
  // the focus ring inside the frame, as the read-only code has (reset.css's outline cannot reach in here)
  '&.cm-focused': { outline: 'var(--focus-outline)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6', overflowX: 'auto' },
  '.cm-content': { padding: 'var(--space-4) 0', caretColor: 'var(--color-text)' },
  '.cm-line': { padding: '0 var(--space-4)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--color-accent-soft)',
  },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': {
    backgroundColor: 'var(--color-accent-soft)',
  },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--color-accent-soft)',
    outline: '1px solid var(--color-border-strong)',
  },
});

/** Each language's grammar is its own chunk too: a Python lesson never fetches the SQL one. */
function languageSupport(language: RunnableLanguage): Promise<LanguageSupport> {
  switch (language) {
    case 'python':
      return import('@codemirror/lang-python').then((m) => m.python());
    case 'sql':
      return import('@codemirror/lang-sql').then((m) => m.sql({ dialect: m.PostgreSQL }));
    default:
      return import('@codemirror/lang-javascript').then((m) =>
        m.javascript({ typescript: language === 'typescript' }),
      );
  }
}

export interface CodeEditorProps {
  /** the code; a new value from outside (Reset, the solution) replaces what is in the editor */
  value: string;
  language: RunnableLanguage;
  /** the editor's accessible name ("Code of the example, Python") */
  label: string;
  /** the text that explains the keys (its description) */
  description?: string;
  onChange(code: string): void;
  /** Ctrl/Cmd+Enter */
  onRun(): void;
  /** focus the editor once it is there (the learner clicked into the code before it loaded) */
  autoFocus?: boolean;
}

/** More reports than a render can lag behind by (a key is a render). */
const MAX_ECHOES = 200;

export default function CodeEditor({
  value,
  language,
  label,
  description,
  onChange,
  onRun,
  autoFocus = false,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // the editor is made once per language and label: what changes between renders is read through refs
  const latest = useRef({ value, onChange, onRun, autoFocus });
  /**
   * What the editor reported through onChange that no render has carried back yet, oldest first (the last is
   * its text now). Each keystroke is its own render, so a render may carry a text from keystrokes ago.
   */
  const echoes = useRef<string[]>([value]);
  latest.current = { value, onChange, onRun, autoFocus };

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    // an ARIA reference does not cross into a shadow root: the description lives beside the editor
    const about = document.createElement('span');
    about.id = 'editor-keys';
    about.hidden = true;
    about.textContent = description ?? '';
    root.append(about);
    const grammar = new Compartment();
    const editor = new EditorView({
      parent: root,
      root,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          history(),
          indentOnInput(),
          bracketMatching(),
          indentUnit.of(language === 'python' ? '    ' : '  '),
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  latest.current.onRun();
                  return true;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          syntaxHighlighting(highlight),
          theme,
          grammar.of([]),
          EditorView.contentAttributes.of({
            'aria-label': label,
            ...(description ? { 'aria-describedby': about.id } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            echoes.current.push(text);
            // a parent that never renders what it is told must not make this grow without end
            if (echoes.current.length > MAX_ECHOES) echoes.current.shift();
            latest.current.onChange(text);
          }),
        ],
      }),
    });
    view.current = editor;
    if (latest.current.autoFocus) editor.focus();
    let live = true;
    languageSupport(language)
      .then((support) => {
        if (live) editor.dispatch({ effects: grammar.reconfigure(support) });
      })
      // without its grammar the editor still edits, uncoloured
      .catch(() => undefined);
    return () => {
      live = false;
      editor.destroy();
      about.remove();
      view.current = null;
    };
  }, [language, label, description]);

  // only a value from outside (Reset, the solution) replaces the text. A render carrying back a text the
  // editor reported is its own echo, however old: replacing the text with it would drop what was typed since
  // (a Delete's empty text arriving after the next key lost that key)
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const echo = echoes.current.lastIndexOf(value);
    if (echo >= 0) {
      echoes.current = echoes.current.slice(echo);
      return;
    }
    echoes.current = [value];
    if (editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className={styles.editor} data-language={language} />;
}

// @vitest-environment jsdom
import { Markdown } from '@mindpath/markdown';
import { renderPage } from '@mindpath/mf/render-page';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunnableCodeBlock } from './runnable-code-block.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RUNNABLE = { pre: RunnableCodeBlock };

/** The editor's text box: CodeMirror lives in a shadow root of its host (see code-editor.tsx). */
async function editorBox(): Promise<HTMLElement> {
  let box: HTMLElement | null = null;
  await waitFor(
    () => {
      box = document.querySelector('[data-language]')?.shadowRoot?.querySelector('[role="textbox"]') ?? null;
      expect(box).not.toBeNull();
    },
    { timeout: 15_000 },
  );
  return box!;
}
const lesson = (...blocks: string[]) => blocks.join('\n\n');
const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;

// jsdom has no execCommand; CodeMirror calls it to read the selection in a shadow root outside Chromium
if (!('execCommand' in document)) Object.assign(document, { execCommand: () => false });

// the first idle moment never comes in these tests unless a test lets it: what loads then is not in the way
function holdIdle() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => waiting.push(cb));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  return () => {
    for (const cb of waiting.splice(0)) cb();
  };
}

describe('RunnableCodeBlock', { timeout: 20_000 }, () => {
  it('gives Python, SQL, JavaScript and TypeScript blocks a Run button and leaves other languages read-only', () => {
    holdIdle();
    renderPage(
      <Markdown
        components={RUNNABLE}
        markdown={lesson(
          fence('python', 'print("hi")'),
          fence('sql', 'SELECT 1;'),
          fence('js', 'console.log(1)'),
          fence('ts', 'const n: number = 1'),
          fence('rust', 'fn main() {}'),
          fence('', 'plain text'),
        )}
      />,
    );
    const blocks = [...document.querySelectorAll('[data-runnable]')];
    expect(blocks.map((b) => b.getAttribute('data-runnable'))).toEqual([
      'python',
      'sql',
      'javascript',
      'typescript',
    ]);
    expect(screen.getAllByRole('button', { name: 'Run' })).toHaveLength(4);
    expect(blocks.map((b) => b.firstElementChild?.firstElementChild?.textContent)).toEqual([
      'Python',
      'SQL',
      'JavaScript',
      'TypeScript',
    ]);
    // the read-only ones: a focusable pre, as before, with no controls
    const rust = document.querySelector('code.language-rust')?.closest('pre');
    expect(rust?.getAttribute('tabindex')).toBe('0');
    expect(rust?.closest('[data-runnable]')).toBeNull();
    // the highlighted code is shown as it was, and no editor is there before it is needed
    expect(blocks[0]?.querySelector('pre code.hljs')?.textContent?.trim()).toBe('print("hi")');
    expect(document.querySelector('.cm-editor')).toBeNull();
  });

  it('replaces Run by the note of what the code needs when it cannot run in the browser', () => {
    holdIdle();
    renderPage(
      <Markdown components={RUNNABLE} markdown={fence('python', 'import numpy as np\nprint(np.ones(3))')} />,
    );
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
    expect(screen.getByText(/uses numpy, which needs Python on your own machine/)).toBeTruthy();
  });

  it('loads the editor in place of the code when the learner clicks into it, focused, with the same code', async () => {
    holdIdle();
    renderPage(<Markdown components={RUNNABLE} markdown={fence('python', 'x = 1\nprint(x)')} />);
    await userEvent.click(screen.getByText(/print/));
    const editor = await editorBox();
    expect(editor.getAttribute('aria-label')).toBe('Example code, Python');
    expect(editor.textContent).toContain('x = 1');
    // its description says the keys, beside it in the same root
    const about = editor.getAttribute('aria-describedby');
    expect(
      editor.getRootNode() instanceof ShadowRoot &&
        (editor.getRootNode() as ShadowRoot).getElementById(about ?? '')?.textContent,
    ).toMatch(/Esc then Tab leaves the editor/);
    await waitFor(() => expect((editor.getRootNode() as ShadowRoot).activeElement).toBe(editor));
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
  });

  it('loads the editor once the page is idle, and not before', async () => {
    const idle = holdIdle();
    renderPage(<Markdown components={RUNNABLE} markdown={fence('sql', 'SELECT 1;')} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelector('[data-language]')).toBeNull();
    idle();
    expect((await editorBox()).getAttribute('aria-label')).toBe('Example code, SQL');
  });
});

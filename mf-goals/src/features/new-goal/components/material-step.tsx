// The wizard's "Your material" step: the learner adds what they want to learn from (a file, a pasted text, a
// web address), watches each one being read, and builds the roadmap from it once one is ready. The same
// sources show later in the plan's Sources section (mf-roadmap), which this remote does not import.
import type { Source } from '@mindpath/contracts/sources';
import { SOURCE_FILE_ACCEPT, SOURCE_LIMITS, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import {
  useAddPastedSource,
  useAddSourceFile,
  useAddUrlSource,
  useGoalSources,
} from '@mindpath/sdk/sources-hooks';
import { Button } from '@mindpath/ui/button';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useId, useRef, useState } from 'react';
import { canBuildFromMaterial, materialStateText } from '../utils/material.ts';
import styles from './wizard.module.css';

type Mode = 'file' | 'paste' | 'url';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'file', label: 'Add a file' },
  { mode: 'paste', label: 'Paste text' },
  { mode: 'url', label: 'Web address' },
];

/** The API's words for a refusal; a failure of the server or the network in ours. */
const refusal = (err: unknown) =>
  err instanceof ApiRequestError && err.status < 500 && err.message
    ? err.message
    : 'Your material could not be added. Please try again.';

export function MaterialStep({
  goalId,
  busy,
  error,
  onBuild,
  onBack,
}: {
  goalId: string;
  busy: boolean;
  /** why the roadmap could not be started, in the API's words */
  error: string | null;
  onBuild: () => void;
  onBack: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('file');
  const [addError, setAddError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useGoalSources(goalId);
  const addFile = useAddSourceFile(goalId);
  const addText = useAddPastedSource(goalId);
  const addUrl = useAddUrlSource(goalId);
  const adding = addFile.isPending || addText.isPending || addUrl.isPending;
  const sources = list.data?.sources ?? [];

  const run = async (add: () => Promise<unknown>, done: () => void) => {
    setAddError(null);
    try {
      await add();
      done();
    } catch (err) {
      setAddError(refusal(err));
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    void run(
      () => addFile.mutateAsync(file),
      () => {
        if (fileInput.current) fileInput.current.value = '';
      },
    );
  };

  const onPaste = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setAddError(SOURCE_MESSAGES.title_required);
    if (!text.trim()) return setAddError(SOURCE_MESSAGES.text_required);
    void run(
      () => addText.mutateAsync({ title: title.trim(), text }),
      () => {
        setTitle('');
        setText('');
      },
    );
  };

  const onUrl = (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\//i.test(url.trim())) return setAddError(SOURCE_MESSAGES.url_invalid);
    void run(
      () => addUrl.mutateAsync({ url: url.trim() }),
      () => setUrl(''),
    );
  };

  const ready = canBuildFromMaterial(sources);
  return (
    <div className={styles.step}>
      <p className={styles.lead}>
        Add what you want to learn from: a PDF, a Markdown or text file, pasted text or a web page. Your
        roadmap follows its chapters and headings, and each lesson is written from its pages.
      </p>
      <fieldset className={styles.modes}>
        <legend className="visually-hidden">How to add your material</legend>
        {MODES.map((m) => (
          <Button
            key={m.mode}
            size="sm"
            variant={mode === m.mode ? 'primary' : 'secondary'}
            aria-pressed={mode === m.mode}
            onClick={() => {
              setMode(m.mode);
              setAddError(null);
            }}
          >
            {m.label}
          </Button>
        ))}
      </fieldset>
      {mode === 'file' ? (
        <div className="field">
          <label className="field-label" htmlFor={`${id}-file`}>
            Choose a file
          </label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            accept={SOURCE_FILE_ACCEPT}
            className={styles.file}
            disabled={adding}
            aria-describedby={`${id}-file-hint`}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <p id={`${id}-file-hint`} className={styles.muted}>
            PDF, Markdown, text or a saved web page, up to{' '}
            {Math.round((list.data?.limits.maxBytes ?? SOURCE_LIMITS.free.maxBytes) / (1024 * 1024))} MB.
          </p>
        </div>
      ) : mode === 'paste' ? (
        <form className={styles.materialForm} noValidate onSubmit={onPaste}>
          <TextField
            label="Title"
            value={title}
            maxLength={SOURCE_LIMITS.maxTitle}
            onChange={(e) => setTitle(e.target.value)}
          />
          <div className="field">
            <label className="field-label" htmlFor={`${id}-text`}>
              Text
            </label>
            <textarea
              id={`${id}-text`}
              className="text-area"
              rows={6}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" loading={addText.isPending}>
              Add text
            </Button>
          </div>
        </form>
      ) : (
        <form className={styles.materialForm} noValidate onSubmit={onUrl}>
          <TextField
            label="Web address"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            maxLength={SOURCE_LIMITS.maxUrl}
            onChange={(e) => setUrl(e.target.value)}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" loading={addUrl.isPending}>
              Add page
            </Button>
          </div>
        </form>
      )}
      {addFile.isPending ? (
        <p className={styles.muted} role="status">
          Uploading your file...
        </p>
      ) : null}
      {addError ? (
        <p className={styles.error} role="alert">
          {addError}
        </p>
      ) : null}
      {sources.length > 0 ? (
        <ul className={styles.materials} aria-label="Your material">
          {sources.map((s) => (
            <MaterialRow key={s.id} source={s} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No material yet.</p>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <span className={styles.spacer} />
        {ready ? null : (
          <span className={styles.muted} id={`${id}-wait`}>
            {sources.some((s) => s.state === 'processing')
              ? 'Reading your material...'
              : 'Add your material to continue.'}
          </span>
        )}
        <Button
          onClick={onBuild}
          loading={busy}
          disabled={!ready}
          aria-describedby={ready ? undefined : `${id}-wait`}
        >
          Build my roadmap
        </Button>
      </div>
    </div>
  );
}

/** One source: its title and where its reading is (a progress bar, Ready, or why it failed). */
function MaterialRow({ source }: { source: Source }) {
  return (
    <li className={`card-subtle ${styles.material}`}>
      <span className={styles.materialTitle}>{source.title}</span>
      {source.state === 'processing' ? (
        <div className={styles.materialProgress}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={`Reading ${source.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={source.progress}
          >
            <div className={styles.progressFill} style={{ width: `${source.progress}%` }} />
          </div>
          <span className={styles.muted}>{materialStateText(source)}</span>
        </div>
      ) : (
        <span className={source.state === 'failed' ? styles.error : styles.materialReady}>
          {materialStateText(source)}
        </span>
      )}
    </li>
  );
}

// A goal's Sources on its learning plan: the learner's own material (files, pasted text, web pages), how far
// each one is read, why one failed, and how many more the plan allows. Titles and messages are text nodes:
// nothing a source holds is ever rendered as HTML.
import type { Source } from '@mindpath/contracts/sources';
import { SOURCE_FILE_ACCEPT, SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import {
  useAddSourceFile,
  useDeleteSource,
  useGoalSources,
  useReplaceSource,
} from '@mindpath/sdk/sources-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { sizeText } from '@mindpath/ui/size-text';
import { useId, useRef, useState } from 'react';
import panel from '../../../components/plan-panel.module.css';
import { countText, fileProblem, refusalText } from '../utils/source-text.ts';
import { PastedSourceForm, UrlSourceForm } from './add-source-forms.tsx';
import { RemoveSourceDialog } from './remove-source-dialog.tsx';
import { SourceRow } from './source-row.tsx';
import styles from './sources.module.css';

type Form = 'text' | 'url' | null;

export default function SourcesSection({ goalId }: { goalId: string }) {
  const headingId = useId();
  const sources = useGoalSources(goalId);
  const addFile = useAddSourceFile(goalId);
  const replace = useReplaceSource();
  const remove = useDeleteSource(goalId);
  const [form, setForm] = useState<Form>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Source | null>(null);
  const [replacing, setReplacing] = useState<string | null>(null);
  const addInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const toggles = { text: useRef<HTMLButtonElement>(null), url: useRef<HTMLButtonElement>(null) };

  const list = sources.data?.sources ?? [];
  const limits = sources.data?.limits;
  const full = limits ? list.length >= limits.perGoal : false;

  const refuse = (err: unknown) => setRefusal(refusalText(err));
  /** a file the plan cannot take is refused here, before its bytes are sent */
  const checked = (input: HTMLInputElement) => {
    const file = input.files?.[0] ?? null;
    input.value = '';
    if (!file || !limits) return null;
    const problem = fileProblem(file, limits.maxBytes);
    if (problem) setRefusal(problem);
    return problem ? null : file;
  };
  const onAddFile = (input: HTMLInputElement) => {
    setRefusal(null);
    const file = checked(input);
    if (file) addFile.mutate(file, { onError: refuse });
  };
  const onReplaceFile = (input: HTMLInputElement) => {
    setRefusal(null);
    const file = checked(input);
    const sourceId = replacing;
    if (file && sourceId)
      replace.mutate({ sourceId, file }, { onError: refuse, onSettled: () => setReplacing(null) });
    else setReplacing(null);
  };
  const startReplace = (source: Source) => {
    setReplacing(source.id);
    replaceInput.current?.click();
  };
  const confirmRemove = () => {
    const source = removing;
    setRemoving(null);
    setRefusal(null);
    if (source) remove.mutate(source.id, { onError: refuse });
  };
  /** a closed form gives focus back to the button that opened it */
  const closeForm = (which: 'text' | 'url') => {
    setForm(null);
    toggles[which].current?.focus();
  };
  const openForm = (next: Form) => {
    setRefusal(null);
    setForm((now) => (now === next ? null : next));
  };

  return (
    <section className={`card ${panel.panel}`} aria-labelledby={headingId}>
      <div className={panel.head}>
        <h2 id={headingId} className={panel.title}>
          Sources
        </h2>
        {limits ? <span className={styles.count}>{countText(list.length, limits.perGoal)}</span> : null}
      </div>
      <p className={panel.muted}>
        Your own material for this goal: a PDF, a Markdown or text file, a web page saved as HTML, pasted text
        or a web address.
      </p>

      {sources.isPending ? (
        <p className={panel.muted} role="status">
          Loading sources...
        </p>
      ) : sources.isError ? (
        <Notification kind="error" title="Failed to load your sources.">
          <Button size="sm" variant="secondary" onClick={() => void sources.refetch()}>
            Try again
          </Button>
        </Notification>
      ) : list.length > 0 ? (
        <ul className={styles.list} aria-label="Your sources">
          {list.map((source) => (
            <SourceRow
              key={source.id}
              source={source}
              replacing={replace.isPending && replace.variables?.sourceId === source.id}
              onReplace={() => startReplace(source)}
              onRemove={() => setRemoving(source)}
            />
          ))}
        </ul>
      ) : (
        <p className={panel.muted}>No sources yet.</p>
      )}

      {limits ? (
        <div className={styles.add}>
          <fieldset className={panel.fieldset}>
            <legend className={styles.addLabel}>Add source</legend>
            <div className={panel.actions}>
              <Button
                variant="secondary"
                size="sm"
                disabled={full}
                loading={addFile.isPending}
                onClick={() => {
                  setRefusal(null);
                  setForm(null);
                  addInput.current?.click();
                }}
              >
                Choose a file
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={full}
                ref={toggles.text}
                aria-expanded={form === 'text'}
                onClick={() => openForm('text')}
              >
                Paste text
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={full}
                ref={toggles.url}
                aria-expanded={form === 'url'}
                onClick={() => openForm('url')}
              >
                Web address
              </Button>
            </div>
          </fieldset>
          <p className={panel.muted}>
            {full
              ? SOURCE_MESSAGES.too_many_sources
              : `PDF, Markdown, text or HTML files up to ${sizeText(limits.maxBytes)} each.`}
          </p>
          {form === 'text' && !full ? (
            <PastedSourceForm goalId={goalId} onRefused={refuse} onDone={() => closeForm('text')} />
          ) : null}
          {form === 'url' && !full ? (
            <UrlSourceForm goalId={goalId} onRefused={refuse} onDone={() => closeForm('url')} />
          ) : null}
        </div>
      ) : null}

      {refusal ? (
        <p className={panel.error} role="alert">
          {refusal}
        </p>
      ) : null}

      {/* the pickers behind Choose a file and Replace: clicked by those buttons, out of the tab order and the tree */}
      <input
        ref={addInput}
        type="file"
        accept={SOURCE_FILE_ACCEPT}
        className="visually-hidden"
        aria-label="Choose a file to add"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => onAddFile(e.currentTarget)}
      />
      <input
        ref={replaceInput}
        type="file"
        accept={SOURCE_FILE_ACCEPT}
        className="visually-hidden"
        aria-label="Choose the file that replaces this source"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => onReplaceFile(e.currentTarget)}
      />
      <RemoveSourceDialog source={removing} onCancel={() => setRemoving(null)} onConfirm={confirmRemove} />
    </section>
  );
}

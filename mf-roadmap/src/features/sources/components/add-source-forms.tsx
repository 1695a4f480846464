// Two of the ways to add a source: a pasted text with its title, and a web address the server fetches.
// Each is checked here first (the server checks again); a refusal of the server goes to the section.
import { useAddPastedSource, useAddUrlSource } from '@mindpath/sdk/sources-hooks';
import { Button } from '@mindpath/ui/button';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import panel from '../../../components/plan-panel.module.css';
import { pastedProblems, urlProblem } from '../utils/source-text.ts';
import styles from './sources.module.css';

interface FormProps {
  goalId: string;
  onRefused: (err: unknown) => void;
  onDone: () => void;
}

export function PastedSourceForm({ goalId, onRefused, onDone }: FormProps) {
  const add = useAddPastedSource(goalId);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<{ title?: string; text?: string }>({});
  const id = useId();
  const textError = problems.text ? `${id}-text-error` : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = pastedProblems(title, text);
    setProblems(found);
    if (found.title || found.text) return;
    add.mutate({ title: title.trim(), text }, { onSuccess: onDone, onError: onRefused });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Paste text">
      <TextField
        label="Title"
        value={title}
        maxLength={200}
        error={problems.title}
        onChange={(e) => setTitle(e.target.value)}
        autoFocus
      />
      <div className="field">
        <label htmlFor={`${id}-text`} className="field-label">
          Text
        </label>
        <textarea
          id={`${id}-text`}
          className={`text-area ${styles.textArea}`}
          rows={8}
          value={text}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={textError}
          onChange={(e) => setText(e.target.value)}
        />
        {problems.text ? (
          <p id={textError} className={styles.fieldError}>
            {problems.text}
          </p>
        ) : null}
      </div>
      <div className={panel.actions}>
        <Button type="submit" size="sm" loading={add.isPending}>
          Add text
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function UrlSourceForm({ goalId, onRefused, onDone }: FormProps) {
  const add = useAddUrlSource(goalId);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = urlProblem(url);
    setProblem(found);
    if (found) return;
    add.mutate({ url: url.trim() }, { onSuccess: onDone, onError: onRefused });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Web address">
      <TextField
        label="Web address"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={url}
        error={problem ?? undefined}
        onChange={(e) => setUrl(e.target.value)}
        autoFocus
      />
      <div className={panel.actions}>
        <Button type="submit" size="sm" loading={add.isPending}>
          Add page
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

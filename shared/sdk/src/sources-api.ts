import type {
  GoalSources,
  PassageHit,
  PassageView,
  PastedSourceBody,
  Source,
  SourceStorage,
  UrlSourceBody,
} from '@mindpath/contracts/sources';
import { fetchJson } from './http.ts';

const id = encodeURIComponent;
const goalSources = (goalId: string) => `/goals/${id(goalId)}/sources`;

/** The file as the upload's one multipart field, `file`. */
const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/**
 * A goal's sources (the learner's own material): listed with the plan's limits, added from a file, a pasted
 * text or a web address (each answered at once as `processing`; a job reads it), replaced, removed, and their
 * passages searched and shown. Refusals carry the learner's words (SOURCE_MESSAGES) as the error's message:
 * 413 too large, 429 (RateLimitError) too many, 409 the same file twice.
 */
export const sourcesApi = {
  list: (goalId: string) => fetchJson<GoalSources>('GET', goalSources(goalId)),
  get: (sourceId: string) => fetchJson<Source>('GET', `/sources/${id(sourceId)}`),
  addFile: (goalId: string, file: File) => fetchJson<Source>('POST', goalSources(goalId), fileForm(file)),
  addText: (goalId: string, body: PastedSourceBody) =>
    fetchJson<Source>('POST', `${goalSources(goalId)}/text`, body),
  addUrl: (goalId: string, body: UrlSourceBody) =>
    fetchJson<Source>('POST', `${goalSources(goalId)}/url`, body),
  /** same id, read again from the new file; the old passages stay searchable until the new ones are ready */
  replace: (sourceId: string, file: File) =>
    fetchJson<Source>('PUT', `/sources/${id(sourceId)}`, fileForm(file)),
  remove: (sourceId: string) => fetchJson<void>('DELETE', `/sources/${id(sourceId)}`),
  search: (goalId: string, q: string, limit?: number) => {
    const params = new URLSearchParams({ q });
    if (limit !== undefined) params.set('limit', String(limit));
    return fetchJson<{ hits: PassageHit[] }>('GET', `${goalSources(goalId)}/search?${params}`);
  },
  passage: (passageId: string) => fetchJson<PassageView>('GET', `/passages/${id(passageId)}`),
  /** what all the learner's sources take (their text counts), by goal */
  storage: () => fetchJson<SourceStorage>('GET', '/sources/storage'),
};

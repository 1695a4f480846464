// A goal's sources (the learner's own material): their limits, kinds and the words shown about them, apart
// from the zod schemas (sources.ts), so pages show them without loading zod.

/** Where a source came from. */
export const SOURCE_ORIGINS = ['file', 'paste', 'url'] as const;
export type SourceOrigin = (typeof SOURCE_ORIGINS)[number];

/** What its text was read as. */
export const SOURCE_FORMATS = ['pdf', 'markdown', 'text', 'html'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/** processing: its job runs; ready: its passages are searchable; failed: it records why (error). */
export const SOURCE_STATES = ['processing', 'ready', 'failed'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];

const MB = 1024 * 1024;

/** Per goal, by plan; enforced by the server. */
export const SOURCE_LIMITS = {
  free: { perGoal: 3, maxBytes: 10 * MB },
  pro: { perGoal: 50, maxBytes: 50 * MB },
  /** more pages than this is refused rather than read */
  maxPages: 2000,
  /** a pasted text or an extracted document longer than this is refused (about 2,000 pages of prose) */
  maxChars: 5_000_000,
  /** what a fetched URL may answer, in bytes, and in how long */
  maxFetchBytes: 20 * MB,
  fetchTimeoutMs: 15_000,
  maxTitle: 200,
  maxUrl: 2000,
} as const;

/** The file picker's accept list; the server checks the bytes, not the name. */
export const SOURCE_FILE_ACCEPT = '.pdf,.md,.markdown,.txt,.text,.html,.htm';

/** Why a source was refused or failed: a code the API answers, and the learner's words. */
export const SOURCE_MESSAGES = {
  no_text_layer: 'This PDF has no text we can read; scanned pages are not supported yet.',
  encrypted: 'This PDF is protected by a password. Remove the password, then add it again.',
  corrupt: 'This file could not be read. It may be damaged.',
  mismatched_type: 'This file is not what its name says it is.',
  unsupported_type: 'Add a PDF, a Markdown or text file, or a web page saved as HTML.',
  too_many_pages: 'This document has more than 2,000 pages. Split it into parts and add each one.',
  too_much_text: 'This source has too much text. Split it into parts and add each one.',
  empty: 'This source has no text to learn from.',
  duplicate: 'You already added this file to this goal.',
  too_large: 'This file is larger than your plan allows for a source.',
  too_many_sources: 'You have reached the number of sources your plan allows for this goal.',
  url_invalid: 'Enter a web address that starts with http:// or https://.',
  url_blocked: 'This address cannot be fetched.',
  url_timeout: 'The page took too long to answer.',
  url_too_large: 'The page is too large to add.',
  url_not_document: 'That address is not a web page or a PDF.',
  url_failed: 'The page could not be fetched.',
  title_required: 'A title is required.',
  text_required: 'Paste some text to add.',
  file_required: 'Choose a file to add.',
  still_processing: 'This source is still being read. Wait until it is ready, then replace it.',
  processing_failed: 'This source could not be read. Try adding it again.',
  /** a citation's passage that is gone (its source removed or read again) */
  passage_gone: 'This passage is no longer in your material.',
  /** a roadmap built from the material of a goal none of whose sources is ready */
  no_ready_sources: 'Add your material and wait until it is read before building a roadmap from it.',
} as const;
export type SourceMessageCode = keyof typeof SOURCE_MESSAGES;

/** Shown in place of a tutor answer when nothing in the material matches well enough. */
export const NOT_IN_MATERIAL = 'I could not find this in your material.';

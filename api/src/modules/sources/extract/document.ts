// What reading a source yields: its whole text and the passages search and citations point into, each with
// its place in the document (page, heading path, character offsets), and the refusal a learner is shown.
import {
  SOURCE_MESSAGES,
  type SourceFormat,
  type SourceMessageCode,
} from '@mindpath/contracts/sources-constants';

export interface ExtractedPassage {
  /** its place in the document's reading order, from 0 */
  ordinal: number;
  text: string;
  /** 1-based page of a PDF; null for other formats */
  page: number | null;
  /** the headings it sits under, outermost first */
  headingPath: string[];
  /** offsets into the document's `text`: `text.slice(start, end) === passage.text` */
  start: number;
  end: number;
}

export interface ExtractedDocument {
  title: string;
  format: SourceFormat;
  /** a PDF's page count; null for other formats */
  pages: number | null;
  /** headed sections found (a document without headings is one section) */
  sections: number;
  text: string;
  passages: ExtractedPassage[];
}

/** A source that cannot be used, with the learner's words for why (SOURCE_MESSAGES). */
export class SourceRejected extends Error {
  readonly code: SourceMessageCode;

  constructor(code: SourceMessageCode, options?: { cause?: unknown }) {
    super(SOURCE_MESSAGES[code], options);
    this.name = 'SourceRejected';
    this.code = code;
  }
}

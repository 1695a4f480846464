// What other features of mf-lessons use of citations: a lesson's and a tutor answer's [n] markers, the
// flagged paragraphs, the passage viewer and the Sources under an answer.
export { ChatCitations } from './components/chat-citations.tsx';
export { CitationProvider } from './components/citation-context.tsx';
export { PassageViewer } from './components/passage-viewer.tsx';
export { usePassageViewer } from './hooks/use-passage-viewer.ts';
export { type CitationTarget, chatTargets, lessonTargets } from './utils/citation-targets.ts';
export { citedMarkdown } from './utils/cited-markdown.ts';

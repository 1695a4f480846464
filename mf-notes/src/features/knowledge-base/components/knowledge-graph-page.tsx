import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';

export default function KnowledgeGraphPage() {
  return (
    <PageFrame title="Knowledge Base" intro="Your notes, tags and the links between them.">
      <EmptyState title="No notes yet">
        Notes and the knowledge graph arrive with the notes feature.
      </EmptyState>
    </PageFrame>
  );
}

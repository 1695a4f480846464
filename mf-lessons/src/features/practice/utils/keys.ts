// The keys of a code editor, said once above it (and read as its description).

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+Enter runs · Esc then Tab leaves the editor" (⌘+Enter on a Mac). */
export function keysHint(): string {
  return `${onMac() ? '⌘' : 'Ctrl'}+Enter runs · Esc then Tab leaves the editor`;
}

import { createContext, useContext } from 'react';

/**
 * The shell's federation registry, handed to remotes that render another remote's module (e.g. mf-lessons
 * loads 'notes/CreateNoteDialog'): a shared singleton, so every remote reads the shell's one context and loads
 * through the same /remotes.json, retries and timeouts as the shell's own pages (DESIGN §3).
 */
export interface RemoteModuleLoader {
  /** an id of shared/contracts/src/remotes.ts, e.g. 'notes/CreateNoteDialog' */
  load<T>(id: string): Promise<T>;
}

export const RemoteLoaderContext = createContext<RemoteModuleLoader | null>(null);

/** null outside the shell (a remote run standalone): cross-remote UI is then unavailable. */
export const useRemoteLoader = () => useContext(RemoteLoaderContext);

/**
 * The global array through which a build's lazy chunks register themselves (rspack
 * `output.chunkLoadingGlobal`), one per app. Chunk and module ids repeat between two builds of one remote, so
 * when a page loads a second build of a remote (Retry after a redeploy or rollback), the shell drops this
 * array first: else the new build's runtime adopts the chunks the old build already registered.
 */
export const chunkLoadingGlobalOf = (scope: string): string => `rspackChunk${scope}`;

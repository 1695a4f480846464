import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * The app's one QueryClient, made by the first data scope that renders (data-scope.tsx) or given (the
 * prerender's). A box, not the client: the shell's first render has no TanStack Query to make one with.
 */
export interface QueryClientBox {
  client?: QueryClient;
}

export const QueryClientBoxContext = createContext<QueryClientBox>({});

import { useMutation, useQuery } from '@tanstack/react-query';
import { courseExportApi, saveCourseZip } from './course-export-api.ts';
import { ApiRequestError } from './errors.ts';
import { useIsAuthenticated } from './hooks.ts';

export const courseKey = (goalId: string) => ['course-export', 'course', goalId] as const;

const refused = (err: unknown) => err instanceof ApiRequestError && err.status < 500;

/** The goal's whole course (every lesson's content, in plan order) for its printable page. */
export function useCourse(goalId: string | undefined) {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: courseKey(goalId ?? ''),
    queryFn: () => courseExportApi.course(goalId ?? ''),
    enabled: authenticated && Boolean(goalId),
    retry: (failures, err) => failures < 1 && !refused(err),
  });
}

/** Downloads the goal's lessons as Markdown (a zip); pending while it is made. */
export function useSaveCourseZip(goalId: string) {
  return useMutation({ mutationFn: () => saveCourseZip(goalId) });
}

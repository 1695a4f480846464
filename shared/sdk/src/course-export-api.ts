import type { Course } from '@mindpath/contracts/course-export';
import { authorizedFetch, fetchJson } from './http.ts';

const id = encodeURIComponent;

/** The zip's name from the answer's content-disposition, else a plain one. */
const fileNameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'mindpath-course.zip';

/**
 * A goal's course kept by its learner: the whole course for the printable page, and its lessons as Markdown
 * in a zip (a Blob to save: the call needs the bearer token a plain link lacks).
 */
export const courseExportApi = {
  course: (goalId: string) => fetchJson<Course>('GET', `/goals/${id(goalId)}/course`),
  zip: async (goalId: string) => {
    const res = await authorizedFetch('GET', `/goals/${id(goalId)}/course.zip`, undefined, {
      accept: 'application/zip',
    });
    return { fileName: fileNameOf(res), blob: await res.blob() };
  },
};

/** Downloads the goal's lessons as Markdown: the zip is saved through a link to its Blob. */
export async function saveCourseZip(goalId: string): Promise<void> {
  const { fileName, blob } = await courseExportApi.zip(goalId);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

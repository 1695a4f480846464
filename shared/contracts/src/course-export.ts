// A goal's course kept by its learner: every lesson in plan order, as the printable course page reads it
// (the Markdown download is a zip and has no JSON shape).
import { z } from 'zod';

export const CourseParamsSchema = z.object({ id: z.uuid() });

export const CourseLessonSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** the lesson's Markdown, null until it has been written */
  content: z.string().nullable(),
  /** the owner's signed URL of the lesson's image, shown where its placeholder is; null when it has none */
  imageUrl: z.string().nullable(),
  isCompleted: z.boolean(),
});
export type CourseLesson = z.infer<typeof CourseLessonSchema>;

export const CourseSectionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  lessons: z.array(CourseLessonSchema),
});
export type CourseSection = z.infer<typeof CourseSectionSchema>;

export const CourseSchema = z.object({
  goalId: z.uuid(),
  /** the goal as the learner wrote it */
  title: z.string(),
  level: z.string(),
  sections: z.array(CourseSectionSchema),
});
export type Course = z.infer<typeof CourseSchema>;

// @vitest-environment jsdom
import { renderPage } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, LESSON_ID } from '../../../test-utils/lessons.ts';
import { IMAGE_FAILED, LessonImage } from './lesson-image.tsx';

const show = (imageUrl: string | null) =>
  renderPage(<LessonImage lessonId={LESSON_ID} description="A diagram of a loop" imageUrl={imageUrl} />);

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LessonImage', () => {
  it('asks for the image once more when it does not load, then says so with a way to try again', async () => {
    const calls = answerApi(() => [200, { imageUrl: '/api/media/loop.svg' }]);
    show('/api/media/loop.svg');
    fireEvent.error(screen.getByRole('img', { name: 'A diagram of a loop' }));
    // the server is asked again (it makes the image again when its file is gone)
    await vi.waitFor(() => expect(calls.filter((c) => c.path.endsWith('/generate-image'))).toHaveLength(1));
    const img = await screen.findByRole('img', { name: 'A diagram of a loop' });
    // still not loading: the spec's message, and no endless asking
    fireEvent.error(img);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(IMAGE_FAILED);
    expect(calls.filter((c) => c.path.endsWith('/generate-image'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'A diagram of a loop' })).toBeTruthy();
  });
});

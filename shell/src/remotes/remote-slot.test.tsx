// @vitest-environment jsdom
import type { RemoteModuleId } from '@mindpath/contracts/remotes';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientReporter, markLoadError } from './client-reports.ts';
import type { RemoteRegistry } from './registry.ts';
import { RemoteRegistryContext, RemoteSlot } from './remote-slot.tsx';

afterEach(cleanup);

let notesBroken = true;
function Page() {
  if (notesBroken) throw new Error('render bug');
  return <h1>Notes</h1>;
}

function renderSlot(registry: RemoteRegistry, id: RemoteModuleId = 'goals/GoalsPage') {
  return render(
    <RemoteRegistryContext.Provider value={registry}>
      <p>Sidebar still here</p>
      <RemoteSlot id={id} />
    </RemoteRegistryContext.Provider>,
  );
}

describe('RemoteSlot error boundary', () => {
  it('shows the remote name and Retry when loading fails, and Retry reloads the remote', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    const registry: RemoteRegistry = {
      manifest: vi.fn(),
      reload: vi.fn(async () => {}),
      load: vi.fn(async () => {
        attempt++;
        if (attempt === 1) throw new Error('manifest 404');
        return { default: () => <h1>Goals page</h1> };
      }) as RemoteRegistry['load'],
    };
    renderSlot(registry);
    expect(await screen.findByText('Goals is unavailable right now')).toBeTruthy();
    expect(screen.getByText('Sidebar still here')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Goals page' })).toBeTruthy();
    expect(registry.reload).toHaveBeenCalledWith('goals');
    expect(registry.load).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that throws while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const registry: RemoteRegistry = {
      manifest: vi.fn(),
      reload: vi.fn(async () => {
        notesBroken = false;
      }),
      load: async <T,>() => ({ default: Page }) as T,
    };
    renderSlot(registry, 'notes/KnowledgeGraphPage');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Knowledge Base is unavailable right now')).toBeTruthy();
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeTruthy();
  });
});

const thrown = new Error('this release of the plan is broken');
function Broken(): never {
  throw thrown;
}

describe('RemoteSlot reports', () => {
  it('reports a render failure with the version the registry loaded, and leaves a failed load to the registry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = vi.spyOn(clientReporter, 'failed').mockImplementation(() => {});
    const rendering: RemoteRegistry = {
      manifest: vi.fn(),
      reload: vi.fn(async () => {}),
      load: async <T,>() => ({ default: Broken }) as T,
      chosenVersion: (name) => (name === 'roadmap' ? 'c7' : undefined),
    };
    renderSlot(rendering, 'roadmap/LearningPlanPage');
    expect(await screen.findByText('Roadmap is unavailable right now')).toBeTruthy();
    expect(failed).toHaveBeenCalledWith('roadmap', 'c7', 'render', thrown);
    cleanup();

    failed.mockClear();
    const loadFailure = new Error('manifest 404');
    markLoadError(loadFailure); // as the registry marks what it reported
    const failing: RemoteRegistry = {
      manifest: vi.fn(),
      reload: vi.fn(async () => {}),
      load: vi.fn(async () => Promise.reject(loadFailure)) as RemoteRegistry['load'],
      chosenVersion: () => 'v1',
    };
    renderSlot(failing, 'pomodoro/FocusTimer');
    expect(await screen.findByText('Focus timer is unavailable right now')).toBeTruthy();
    expect(failed).not.toHaveBeenCalled();
  });

  it("a version switch (login) drops the cached component: the next render loads the learner's own version", async () => {
    let version = 's1';
    const switchListeners: ((name: 'goals') => void)[] = [];
    const registry: RemoteRegistry = {
      manifest: vi.fn(),
      reload: vi.fn(async () => {}),
      load: vi.fn(async () => {
        const seen = version;
        return { default: () => <h1>Goals {seen}</h1> };
      }) as RemoteRegistry['load'],
      chosenVersion: () => version,
      onSwitch: (listener) => {
        switchListeners.push(listener as (name: 'goals') => void);
        return () => {};
      },
    };
    renderSlot(registry, 'goals/HomePage');
    expect(await screen.findByRole('heading', { name: 'Goals s1' })).toBeTruthy();
    cleanup();
    version = 'c1';
    for (const listener of switchListeners) listener('goals');
    renderSlot(registry, 'goals/HomePage');
    expect(await screen.findByRole('heading', { name: 'Goals c1' })).toBeTruthy();
    expect(registry.load).toHaveBeenCalledTimes(2);
  });
});

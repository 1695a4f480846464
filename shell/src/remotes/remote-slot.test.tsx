// @vitest-environment jsdom
import type { RemoteModuleId } from '@mindpath/contracts/remotes';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

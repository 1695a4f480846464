import { describe, expect, it, vi } from 'vitest';
import { lazyRegistry } from './lazy-registry.ts';
import type { RemoteRegistry } from './registry.ts';

const fake = (): RemoteRegistry => ({
  load: vi.fn(async () => ({ default: 'page' })) as RemoteRegistry['load'],
  reload: vi.fn(async () => {}),
  manifest: vi.fn(async () => ({ updatedAt: 't', remotes: {} })),
});

describe('lazyRegistry', () => {
  it('makes the registry on first use, once, and hands every call to it', async () => {
    const real = fake();
    const create = vi.fn(async () => real);
    const registry = lazyRegistry(create);
    expect(create).not.toHaveBeenCalled();
    await Promise.all([registry.manifest(), registry.load('goals/HomePage')]);
    await registry.reload('goals');
    expect(create).toHaveBeenCalledTimes(1);
    expect(real.load).toHaveBeenCalledWith('goals/HomePage');
    expect(real.reload).toHaveBeenCalledWith('goals');
  });

  it('tries again on the next use when making it failed (its chunk did not load)', async () => {
    const real = fake();
    const create = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(real);
    const registry = lazyRegistry(create);
    await expect(registry.manifest()).rejects.toThrow('chunk failed');
    await expect(registry.load('goals/HomePage')).resolves.toEqual({ default: 'page' });
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("hands on the real registry's chosen versions and switches, once it exists", async () => {
    let hear: ((name: 'goals') => void) | undefined;
    const real: RemoteRegistry = {
      ...fake(),
      chosenVersion: (name) => (name === 'goals' ? 'c1' : undefined),
      onSwitch: (listener) => {
        hear = listener;
        return () => {};
      },
    };
    const registry = lazyRegistry(async () => real);
    const switched: string[] = [];
    registry.onSwitch?.((name) => switched.push(name));
    expect(registry.chosenVersion?.('goals')).toBeUndefined(); // nothing chosen before it exists
    await registry.manifest();
    expect(registry.chosenVersion?.('goals')).toBe('c1');
    hear?.('goals');
    expect(switched).toEqual(['goals']);
  });
});

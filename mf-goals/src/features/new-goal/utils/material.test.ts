import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { describe, expect, it } from 'vitest';
import { canBuildFromMaterial, materialStateText } from './material.ts';

describe('the material step', () => {
  it('builds once one source is ready', () => {
    expect(canBuildFromMaterial([])).toBe(false);
    expect(canBuildFromMaterial([{ state: 'processing' }, { state: 'failed' }])).toBe(false);
    expect(canBuildFromMaterial([{ state: 'failed' }, { state: 'ready' }])).toBe(true);
  });

  it("says where a source's reading is", () => {
    expect(materialStateText({ state: 'processing', progress: 40, error: null })).toBe('Reading… 40%');
    expect(materialStateText({ state: 'ready', progress: 100, error: null })).toBe('Ready');
    const error = { code: 'encrypted' as const, message: SOURCE_MESSAGES.encrypted };
    expect(materialStateText({ state: 'failed', progress: 0, error })).toBe(SOURCE_MESSAGES.encrypted);
    expect(materialStateText({ state: 'failed', progress: 0, error: null })).toBe(
      SOURCE_MESSAGES.processing_failed,
    );
  });
});

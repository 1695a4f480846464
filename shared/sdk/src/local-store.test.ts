// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { localStore, storageNameOf } from './local-store.ts';

afterEach(() => localStorage.clear());

describe('localStore', () => {
  it('keeps the keys spec 2 §3 names under exactly those names, the others under mindpath.', () => {
    localStore.set('userAvatar', 'pixel');
    localStore.set('username', 'ada');
    localStore.set('theme', 'light');
    expect(localStorage.getItem('userAvatar')).toBe('"pixel"');
    expect(localStorage.getItem('username')).toBe('"ada"');
    expect(localStorage.getItem('mindpath.theme')).toBe('"light"');
    expect(storageNameOf('token')).toBe('mindpath.token');
  });

  it('moves a preference from its former name on first read, so no learner loses it', () => {
    localStorage.setItem('mindpath.avatar', '"starwars"');
    localStorage.setItem('mindpath.username', '"Countess"');
    expect(localStore.get('userAvatar')).toBe('starwars');
    expect(localStore.get('username')).toBe('Countess');
    expect(localStorage.getItem('userAvatar')).toBe('"starwars"');
    expect(localStorage.getItem('mindpath.avatar')).toBeNull();
    expect(localStorage.getItem('mindpath.username')).toBeNull();
  });

  it('prefers the spec name over a former one, and removes both', () => {
    localStorage.setItem('mindpath.avatar', '"got"');
    localStore.set('userAvatar', 'anime');
    expect(localStore.get('userAvatar')).toBe('anime');
    localStore.remove('userAvatar');
    expect(localStorage.getItem('userAvatar')).toBeNull();
    expect(localStorage.getItem('mindpath.avatar')).toBeNull();
    expect(localStore.get('userAvatar')).toBeUndefined();
  });

  it('answers undefined for corrupt JSON rather than throwing', () => {
    localStorage.setItem('username', '{not json');
    expect(localStore.get('username')).toBeUndefined();
  });
});

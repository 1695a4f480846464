import { useSyncExternalStore } from 'react';
import { hintVisible } from '../utils/chat-rules.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
};

/** Whether the chat's hint may show: the page is scrolled no more than 50 px (spec 2 §2). */
export function useHintVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hintVisible(window.scrollY),
    () => true,
  );
}

import { useGoals } from '@mindpath/sdk/goals-hooks';
import { sessionStore } from '@mindpath/sdk/local-store';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { RemoteSlot } from '../../remotes/remote-slot.tsx';
import { WelcomeScreen } from './welcome-screen.tsx';

type Stage = 'waiting' | 'welcome' | 'goal' | 'done';

/**
 * Spec 1 §2: once per session, a learner with no goals who lands on the home dashboard meets the welcome
 * screen, then the goal-setting modal (mf-goals' older goal modal). Registration leads to /goals and its
 * own welcome banner instead.
 */
export function WelcomeGate() {
  const { pathname } = useLocation();
  const goals = useGoals();
  const [stage, setStage] = useState<Stage>(() => (sessionStore.get('welcomeShown') ? 'done' : 'waiting'));
  if (stage === 'waiting' && pathname === '/home' && goals.data) {
    sessionStore.set('welcomeShown', true);
    setStage(goals.data.length === 0 ? 'welcome' : 'done');
  }
  if (stage === 'welcome') return <WelcomeScreen onDone={() => setStage('goal')} />;
  if (stage === 'goal') return <RemoteSlot id="goals/WelcomeGoalModal" variant="slot" />;
  return null;
}

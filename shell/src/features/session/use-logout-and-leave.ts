import { logout } from '@mindpath/sdk/session';
import { useContext } from 'react';
import { useNavigate } from 'react-router';
import { QueryClientBoxContext } from '../../data/query-client-box.ts';
import { sessionExit } from './session-exit.ts';

/**
 * Logout (spec 1 §2): clears the token and the cache, and goes to /. `logoutTo` tells the guards that the
 * visitor now on an authenticated page is leaving for /, not being sent to /login. The public header has it
 * before any data has loaded: the cache is the app's client once there is one.
 */
export function useLogoutAndLeave(): () => void {
  const box = useContext(QueryClientBoxContext);
  const navigate = useNavigate();
  return () => {
    sessionExit.update({ logoutTo: '/' });
    logout(box.client);
    navigate('/', { replace: true });
  };
}

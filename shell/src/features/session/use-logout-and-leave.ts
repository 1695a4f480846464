import { useLogout } from '@mindpath/sdk/hooks';
import { useNavigate } from 'react-router';
import { sessionExit } from './session-exit.ts';

/**
 * Logout (spec 1 §2): clears the token and the cache, and goes to /. `logoutTo` tells the guards that the
 * visitor now on an authenticated page is leaving for /, not being sent to /login.
 */
export function useLogoutAndLeave(): () => void {
  const logout = useLogout();
  const navigate = useNavigate();
  return () => {
    sessionExit.update({ logoutTo: '/' });
    logout();
    navigate('/', { replace: true });
  };
}

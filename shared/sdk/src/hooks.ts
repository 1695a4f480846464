import type { LoginRequest, RegisterRequest } from '@mindpath/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from './auth-api.ts';
import { queryKeys } from './query-keys.ts';
import { logout, useIsAuthenticated } from './session.ts';
import { subscriptionsApi } from './subscriptions-api.ts';

export { useIsAuthenticated };

export function useUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({ queryKey: queryKeys.user, queryFn: authApi.getUser, enabled: authenticated });
}

/** The plan as the server reports it; `subscription-updated` refreshes it (subscriptions-hooks.ts). */
export function useSubscriptionStatus() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.subscriptionStatus,
    queryFn: subscriptionsApi.status,
    enabled: authenticated,
  });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => authApi.login(body),
    onSuccess: () => client.clear(),
  });
}

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => authApi.register(body),
    onSuccess: () => client.clear(),
  });
}

/** Logout: removes the token and drops every cached answer of the previous learner. */
export function useLogout() {
  const client = useQueryClient();
  return () => logout(client);
}

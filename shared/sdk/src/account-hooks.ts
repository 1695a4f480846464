import { useMutation } from '@tanstack/react-query';
import { accountApi } from './account-api.ts';

/** Deletes the learner's account, confirmed by their password (the caller then logs out and leaves). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: (password: string) => accountApi.deleteAccount(password) });
}

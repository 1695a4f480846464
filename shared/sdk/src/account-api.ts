import type { DeleteAccountResult } from '@mindpath/contracts/account';
import { fetchJson } from './http.ts';

/**
 * The account itself. Once deleted, the server refuses the token: the caller logs out (sdk/session's logout)
 * as it leaves for the page that confirms it. A wrong password is a 403 whose message says so.
 */
export const accountApi = {
  deleteAccount: (password: string) => fetchJson<DeleteAccountResult>('DELETE', '/account', { password }),
};

import type { AuthResult, LoginRequest, RegisterRequest, User } from '@mindpath/contracts/auth';
import { ApiRequestError } from './errors.ts';
import { fetchJson } from './http.ts';
import { tokenStore } from './token-store.ts';

export const authApi = {
  getUser: () => fetchJson<User>('GET', '/user'),

  /**
   * Stores the token (raising auth-change). 'Invalid login credentials' when the answer has none (spec 1 §5).
   * Answers the retention notice this login cleared, when the account had been due to be deleted.
   */
  async login(body: LoginRequest): Promise<{ retentionKept?: AuthResult['retentionKept'] }> {
    const result = await fetchJson<Partial<AuthResult> | undefined>('POST', '/auth/login', body);
    if (typeof result?.token !== 'string' || !result.token)
      throw new ApiRequestError(200, 'Invalid login credentials');
    tokenStore.set(result.token);
    return result.retentionKept ? { retentionKept: result.retentionKept } : {};
  },

  /** Stores the token; 'Registration failed' when the answer has none (spec 1 §5). */
  async register(body: RegisterRequest): Promise<void> {
    const result = await fetchJson<Partial<AuthResult> | undefined>('POST', '/auth/register', body);
    if (typeof result?.token !== 'string' || !result.token)
      throw new ApiRequestError(200, 'Registration failed');
    tokenStore.set(result.token);
  },

  logout(): void {
    tokenStore.clear();
  },
};

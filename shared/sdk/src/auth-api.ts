import {
  AuthResultSchema,
  type LoginRequest,
  type RegisterRequest,
  UserSchema,
} from '@mindpath/contracts/auth';
import { ApiRequestError } from './errors.ts';
import { request } from './http.ts';
import { tokenStore } from './token-store.ts';

export const authApi = {
  getUser: () => request('GET', '/user', UserSchema),

  /** Stores the token (raising auth-change). 'Invalid login credentials' when the answer has none (spec 1 §5). */
  async login(body: LoginRequest): Promise<void> {
    const result = await request('POST', '/auth/login', AuthResultSchema.partial(), body);
    if (!result.token) throw new ApiRequestError(200, 'Invalid login credentials');
    tokenStore.set(result.token);
  },

  /** Stores the token; 'Registration failed' when the answer has none (spec 1 §5). */
  async register(body: RegisterRequest): Promise<void> {
    const result = await request('POST', '/auth/register', AuthResultSchema.partial(), body);
    if (!result.token) throw new ApiRequestError(200, 'Registration failed');
    tokenStore.set(result.token);
  },

  logout(): void {
    tokenStore.clear();
  },
};

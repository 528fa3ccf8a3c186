import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { clearAuthToken, storeAuthToken } from '../authToken';
import { errorFieldIssues, errorMessage } from '../errors';
import { useToast } from '../toast';
import { useResetClient } from '../urql';
import {
  LoginMutation,
  LogoutMutation,
  MeQuery,
  RegisterMutation,
  type LoginInput,
  type RegisterInput,
  type SessionUser,
} from './auth.operations';

/** What a sign-in or registration attempt came to; failures carry the server's per-field messages. */
export type AuthOutcome = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

export type AuthContextValue = {
  user: SessionUser | null;
  /** True only while the first "who am I" call is under way. */
  isLoading: boolean;
  login: (input: LoginInput) => Promise<AuthOutcome>;
  register: (input: RegisterInput) => Promise<AuthOutcome>;
  logout: () => Promise<void>;
  /** Reads the signed-in user again (after a change the server made to them: a new password chosen). */
  refreshUser: () => void;
  isLoggingIn: boolean;
  isRegistering: boolean;
  isLoggingOut: boolean;
};

const AuthContext = createContext<AuthContextValue | null>(null);

function failure(error: CombinedError): AuthOutcome {
  return { ok: false, message: errorMessage(error), fieldErrors: errorFieldIssues(error) };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { toast } = useToast();
  const resetClient = useResetClient();
  const [me, reexecuteMe] = useQuery({ query: MeQuery });
  const [loginState, loginMutation] = useMutation(LoginMutation);
  const [registerState, registerMutation] = useMutation(RegisterMutation);
  const [logoutState, logoutMutation] = useMutation(LogoutMutation);
  // Set by sign-in, registration and sign-out; until then the "me" query speaks. A failed "me"
  // (no server, expired session) is simply "no user" (spec §4: a 401 is not an error).
  const [sessionUser, setSessionUser] = useState<SessionUser | null | undefined>(undefined);

  const startSession = useCallback(
    (token: string, user: SessionUser) => {
      storeAuthToken(token);
      setSessionUser(user);
      resetClient();
    },
    [resetClient],
  );

  const login = useCallback(
    async (input: LoginInput): Promise<AuthOutcome> => {
      const result = await loginMutation({ input });
      if (result.error || !result.data) {
        const outcome = result.error ? failure(result.error) : unexpected();
        if (!outcome.ok) toast({ title: 'Login failed', description: outcome.message, variant: 'destructive' });
        return outcome;
      }
      startSession(result.data.login.token, result.data.login.user);
      return { ok: true };
    },
    [loginMutation, startSession, toast],
  );

  const register = useCallback(
    async (input: RegisterInput): Promise<AuthOutcome> => {
      const result = await registerMutation({ input });
      if (result.error || !result.data) {
        const outcome = result.error ? failure(result.error) : unexpected();
        if (!outcome.ok) toast({ title: 'Registration failed', description: outcome.message, variant: 'destructive' });
        return outcome;
      }
      startSession(result.data.register.token, result.data.register.user);
      return { ok: true };
    },
    [registerMutation, startSession, toast],
  );

  const logout = useCallback(async () => {
    const result = await logoutMutation({});
    // Local sign-out happens whatever the server said: the user asked to leave (spec §4).
    clearAuthToken();
    setSessionUser(null);
    resetClient();
    if (result.error) toast({ title: 'Logout failed', description: errorMessage(result.error), variant: 'destructive' });
  }, [logoutMutation, resetClient, toast]);

  const refreshUser = useCallback(() => reexecuteMe({ requestPolicy: 'network-only' }), [reexecuteMe]);

  // The "me" query is refreshed when the user's own record changes (Settings → profile), so once it
  // answers for the session's user it is the fresher of the two.
  const fresh = me.data?.me;
  const user = sessionUser !== undefined ? (sessionUser && fresh?.id === sessionUser.id ? fresh : sessionUser) : (fresh ?? null);
  // Neither data nor error yet means the call is still due or under way.
  const isLoading = sessionUser === undefined && !me.data && !me.error;

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      login,
      register,
      logout,
      refreshUser,
      isLoggingIn: loginState.fetching,
      isRegistering: registerState.fetching,
      isLoggingOut: logoutState.fetching,
    }),
    [user, isLoading, login, register, logout, refreshUser, loginState.fetching, registerState.fetching, logoutState.fetching],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function unexpected(): AuthOutcome {
  return { ok: false, message: 'The server sent an empty answer', fieldErrors: {} };
}

/** The session. Outside AuthProvider this is a programming error, so it throws (spec §4). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

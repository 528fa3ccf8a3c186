/** The local storage key of the session token (spec §9). */
export const AUTH_TOKEN_KEY = 'authToken';

// Storage can throw (private mode, disabled storage); the cookie still carries the session then.
export function readAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAuthToken(token: string): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    /* see above */
  }
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    /* see above */
  }
}

/** The headers every call carries: a bearer token when one is stored. */
export function authHeaders(): Record<string, string> {
  const token = readAuthToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

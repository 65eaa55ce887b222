/**
 * §3 session keys live in sessionStorage (the reference keeps token, account, nickname, isAgent…);
 * the language lives in localStorage (§4: current and previous).
 */
const TOKEN = 'token';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be unavailable (private mode, blocked cookies)
  }
}

/** Storage events do not fire in the tab that wrote: the token's readers subscribe here. */
const tokenListeners = new Set<() => void>();
const emitToken = () => {
  for (const listener of tokenListeners) listener();
};

export const sessionStore = {
  token: () => safe(() => sessionStorage.getItem(TOKEN), null),
  setToken: (token: string) => {
    safe(() => sessionStorage.setItem(TOKEN, token), undefined);
    emitToken();
  },
  /** §4 logout: clear session storage except merchant and merchantCode. */
  clear: () => {
    safe(() => {
      const keep = ['merchant', 'merchantCode'].map((k) => [k, sessionStorage.getItem(k)] as const);
      sessionStorage.clear();
      for (const [k, v] of keep) if (v !== null) sessionStorage.setItem(k, v);
    }, undefined);
    emitToken();
  },
  get: (key: string) => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => sessionStorage.removeItem(key), undefined),
  flag: (key: string) => safe(() => sessionStorage.getItem(key) === '1', false),
  setFlag: (key: string) => safe(() => sessionStorage.setItem(key, '1'), undefined),
  /** Called whenever the token is set or cleared (useSyncExternalStore). */
  subscribe: (listener: () => void) => {
    tokenListeners.add(listener);
    return () => {
      tokenListeners.delete(listener);
    };
  },
};

export const preferenceStore = {
  get: (key: string) => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => localStorage.setItem(key, value), undefined),
};

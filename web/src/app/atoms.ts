import { atom } from 'jotai';
import type { ToastMessage } from '../ui/Toast';

// UI state only: server data lives in urql's cache, the session in AuthProvider.

/** The mobile navigation drawer (the desktop sidebar is always shown and ignores this). */
export const drawerOpenAtom = atom(false);

/** The floating assistant's panel; it starts closed (spec §4 Chat). */
export const assistantOpenAtom = atom(false);

/** The one toast on screen: a new toast replaces the current one instead of queueing behind it. */
export const toastAtom = atom<ToastMessage | null>(null);

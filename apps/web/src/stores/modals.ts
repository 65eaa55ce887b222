import { useSyncExternalStore } from 'react';

/**
 * Which modal is open (§2 Layout and modals). One at a time; opening another replaces it.
 * Modal bodies are registered in app/modal-host.tsx; features open them by name.
 */
export type ModalName =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'changePassword'
  | 'help'
  | 'feedback'
  | 'announcements'
  | 'notice'
  | 'logoutConfirm'
  | 'accountNotice'
  | 'gameList'
  | 'gameNotice';

export interface ModalState {
  name: ModalName;
  props: Record<string, unknown>;
}

/** What app/modal-host.tsx hands a registered modal body: the props it was opened with, and close. */
export interface ModalBodyProps {
  props: Record<string, unknown>;
  onClose: () => void;
}

let current: ModalState | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openModal(name: ModalName, props: Record<string, unknown> = {}) {
  current = { name, props };
  emit();
}

export function closeModal() {
  current = null;
  emit();
}

export function useModal(): ModalState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

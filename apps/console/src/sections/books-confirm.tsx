import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../components/dialog.tsx';

/** One action waiting for the operator's confirmation: what it does, and the call that does it. */
export interface PendingAction {
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Asks for a reason (sent to the call) when given. */
  reasonLabel?: string;
  run: (reason: string) => Promise<unknown>;
}

/**
 * The books' and catalogue's confirmations: `ask` opens the dialog; confirming runs the call,
 * refreshes the lists under `queryKey` and closes; a refusal stays on screen in the operator's language.
 */
export function useConfirmedAction(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const mutation = useMutation({
    mutationFn: ({ action, reason }: { action: PendingAction; reason: string }) => action.run(reason),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      setPending(null);
    },
  });
  const ask = (action: PendingAction) => {
    mutation.reset();
    setPending(action);
  };
  const dialog = pending ? (
    <ConfirmDialog
      title={pending.title}
      consequence={pending.consequence}
      confirmLabel={pending.confirmLabel}
      tone={pending.tone ?? 'primary'}
      {...(pending.reasonLabel ? { reasonLabel: pending.reasonLabel } : {})}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={(reason) => mutation.mutate({ action: pending, reason })}
      onCancel={() => setPending(null)}
    />
  ) : null;
  return { ask, dialog };
}

import { Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query.ts';
import { applyTheme, storedTheme } from '../lib/theme.ts';
import { StatusGate } from '../features/system/components/status-gate.tsx';
import { LoadingCover } from '../components/ui/loading-cover.tsx';
import { ModalHost } from './modal-host.tsx';

/** Everything the app needs before any route renders: data cache, theme, and the §4 status gate. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => applyTheme(storedTheme()), []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<LoadingCover />}>
        <StatusGate>
          {children}
          <ModalHost />
        </StatusGate>
      </Suspense>
    </QueryClientProvider>
  );
}

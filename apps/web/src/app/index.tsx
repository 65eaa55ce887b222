import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

type Router = ReturnType<typeof createRouter>;

/** The app; main.tsx hands it a router made (and its first page loaded) before the first render. */
export function App({ router: given }: { router?: Router }) {
  const [router] = useState(() => given ?? createRouter());
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

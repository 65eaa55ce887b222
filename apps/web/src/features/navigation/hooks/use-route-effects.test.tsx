// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRouteEffects } from './use-route-effects.ts';

function Shell() {
  useRouteEffects();
  return (
    <main id="main" tabIndex={-1}>
      <Outlet />
    </main>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { index: true, element: <p>home</p> },
          {
            path: 'promotions',
            element: (
              <>
                <p>promotions</p>
                <section id="promotion-12">a promotion</section>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollTo: ReturnType<typeof vi.fn>;
let scrollIntoView: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  scrollIntoView = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useRouteEffects (§2 after each navigation)', () => {
  it('scrolls smoothly to the top after a navigation, not on first load', async () => {
    const router = renderAt('/');
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/promotions'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('moves focus to the main region of the new page', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/promotions'));
    expect(document.activeElement?.id).toBe('main');
  });

  it('scrolls the hash target into view instead, also on first load', async () => {
    const router = renderAt('/promotions#promotion-12');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.instances[0]).toBe(document.getElementById('promotion-12'));
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/promotions#promotion-12'));
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('waits for a hash target that is still loading', async () => {
    vi.useFakeTimers();
    try {
      const router = renderAt('/');
      await act(() => router.navigate('/#late'));
      expect(scrollIntoView).not.toHaveBeenCalled();
      const late = document.createElement('div');
      late.id = 'late';
      document.body.append(late);
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      late.remove();
    } finally {
      vi.useRealTimers();
    }
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeModal, openModal, useModal } from '../../stores/modals.ts';
import HelpRoute from './help.tsx';

vi.mock('./home.tsx', () => ({ default: () => <p>home page</p> }));

function ModalProbe() {
  const modal = useModal();
  return <output data-testid="modal">{modal ? `${modal.name}:${JSON.stringify(modal.props)}` : 'none'}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>root</p> },
      { path: '/help', element: <HelpRoute /> },
      { path: '/promotions', element: <p>promotions</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ModalProbe />
    </>,
  );
  return router;
}
const modal = () => screen.getByTestId('modal').textContent;

afterEach(() => {
  act(() => closeModal());
  cleanup();
});

describe('/help route (§2)', () => {
  it('shows the home page with the help modal on the hash article', () => {
    renderAt('/help#deposit');
    expect(screen.getByText('home page')).toBeTruthy();
    expect(modal()).toBe('help:{"tag":"deposit"}');
  });

  it('opens on the first article without a hash, and decodes an encoded tag', () => {
    renderAt('/help');
    expect(modal()).toBe('help:{}');
    cleanup();
    act(() => closeModal());
    renderAt('/help#terms%20of%20use');
    expect(modal()).toBe('help:{"tag":"terms of use"}');
  });

  it('follows a new hash while open', async () => {
    const router = renderAt('/help#about');
    await act(() => router.navigate('/help#privacy'));
    expect(modal()).toBe('help:{"tag":"privacy"}');
  });

  it('returns to / when the modal closes', () => {
    const router = renderAt('/help#about');
    act(() => closeModal());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('root')).toBeTruthy();
  });

  it('returns to / when another modal replaces it', () => {
    const router = renderAt('/help#about');
    act(() => openModal('feedback'));
    expect(router.state.location.pathname).toBe('/');
    expect(modal()).toBe('feedback:{}');
  });

  it('closes the help modal when leaving the route another way', async () => {
    const router = renderAt('/help#about');
    await act(() => router.navigate('/promotions'));
    expect(screen.getByText('promotions')).toBeTruthy();
    expect(modal()).toBe('none');
  });
});

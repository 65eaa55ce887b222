// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import { stubServer } from './test-server.ts';

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  stubServer(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(forced: boolean) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordModal props={{ forced }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('ChangePasswordModal', () => {
  it('in forced mode cannot be dismissed: no close button, Escape and the backdrop do nothing (§4)', () => {
    const onClose = renderModal(true);
    const dialog = screen.getByRole('dialog', { name: 'Change password' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    const backdrop = dialog.parentElement!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('For your security, please set a new password before you continue.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('closes on Escape when not forced', () => {
    const onClose = renderModal(false);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('checks the confirmation before calling the server', () => {
    renderModal(false);
    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Old@1234' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'New@12345' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: 'New@12346' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
  });
});

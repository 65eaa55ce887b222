// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { Modal } from './modal.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div id="page">
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <a href="#x">outside link</a>
      {open ? (
        <Modal
          title="Help centre"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="first input" />
          <button type="button" disabled>
            disabled
          </button>
          <button type="button">last button</button>
        </Modal>
      ) : null}
    </div>
  );
}

function openDialog(onClose?: () => void) {
  render(<Harness onClose={onClose} />);
  const trigger = screen.getByRole('button', { name: 'open' });
  trigger.focus();
  fireEvent.click(trigger);
  return { trigger, dialog: screen.getByRole('dialog', { name: 'Help centre' }) };
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, with focus moved into it', () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('traps Tab and Shift+Tab inside the dialog, skipping disabled controls', () => {
    const { dialog } = openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'last button' });

    // From the dialog itself, Shift+Tab goes to the last control.
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    // Tab from the last wraps to the first (the close button in the header).
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    // Shift+Tab from the first wraps to the last.
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('brings focus back when it lands outside', () => {
    const { dialog } = openDialog();
    const outside = screen.getByText('outside link', { selector: 'a' });
    act(() => outside.focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the trigger', () => {
    const onClose = vi.fn();
    const { trigger } = openDialog(onClose);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its close button', () => {
    const onClose = vi.fn();
    openDialog(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click but not on a click inside', () => {
    const onClose = vi.fn();
    const { dialog } = openDialog(onClose);
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = dialog.parentElement!;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks page scroll and makes the page inert while open, and undoes both', () => {
    const { dialog } = openDialog();
    const page = document.getElementById('page')!.parentElement!;
    expect(document.body.style.overflow).toBe('hidden');
    expect(page.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(document.body.style.overflow).toBe('');
    expect(page.hasAttribute('inert')).toBe(false);
  });
});

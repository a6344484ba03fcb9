import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './Dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('is a labelled modal dialog that takes focus, keeps Tab inside and closes on Escape', () => {
    const onClose = vi.fn();
    render(
      <>
        <button type="button">outside</button>
        <Dialog open onClose={onClose} title="Upgrade your plan">
          <input aria-label="first" data-autofocus />
          <button type="button">last</button>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Upgrade your plan' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('first'));
    screen.getByText('last').focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    // jsdom has no layout, so the trap sees the close button (first in DOM order) as the first item
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(
      <Dialog open={false} onClose={() => {}} title="Hidden">
        <p>content</p>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18nForTests as initI18n } from '../app/i18n-test-utils';
import { Dialog, DialogButton } from './Dialog';

initI18n('en-US');

function Harness({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Outer" footer={<button type="button">last</button>}>
        <input aria-label="first field" />
        {nested && (
          <button type="button" onClick={() => setInner(true)}>
            open inner
          </button>
        )}
        <Dialog open={inner} onClose={() => setInner(false)} title="Inner">
          <button type="button">inner action</button>
        </Dialog>
      </Dialog>
    </>
  );
}

describe('Dialog (modal, WAI-ARIA)', () => {
  it('is a labelled modal dialog that takes focus, locks scrolling, closes on Escape and gives focus back', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Outer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'opener' }));
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
    // focus sent outside (e.g. by a script) comes back into the dialog
    act(() => screen.getByRole('button', { name: 'opener', hidden: true }).focus());
    expect(dialog).toHaveFocus();
  });

  it('closes on a press on the mask, not on one inside the panel', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'opener' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByTestId('dialog-mask'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Escape closes only the innermost of nested dialogs; the scroll lock holds until the last closes', () => {
    render(<Harness nested />);
    fireEvent.click(screen.getByRole('button', { name: 'opener' }));
    const openInner = screen.getByRole('button', { name: 'open inner' });
    openInner.focus();
    fireEvent.click(openInner);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
    expect(openInner).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});

describe('DialogButton', () => {
  it('is a plain button (never a submit): the primary one filled, the other outlined; disabled does not click', () => {
    const clicks: string[] = [];
    render(
      <form onSubmit={() => clicks.push('submit')}>
        <DialogButton onClick={() => clicks.push('cancel')}>Cancel</DialogButton>
        <DialogButton primary onClick={() => clicks.push('save')} testId="save">
          Save
        </DialogButton>
        <DialogButton primary disabled onClick={() => clicks.push('never')}>
          Off
        </DialogButton>
      </form>,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const save = screen.getByTestId('save');
    expect(cancel).toHaveAttribute('type', 'button');
    expect(cancel.className).toContain('border-border');
    expect(save.className).toContain('bg-primary-600');
    fireEvent.click(cancel);
    fireEvent.click(save);
    fireEvent.click(screen.getByRole('button', { name: 'Off' }));
    expect(screen.getByRole('button', { name: 'Off' })).toBeDisabled();
    expect(clicks).toEqual(['cancel', 'save']);
  });
});

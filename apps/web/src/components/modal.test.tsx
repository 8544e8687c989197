import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { YesNoModal, YesNoModalAbout } from './yes-no-modal';

function Harness({ onYes = vi.fn() }: { onYes?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Delete collection
      </button>
      <a href="#elsewhere">Elsewhere</a>
      <YesNoModal
        open={open}
        title="Delete this collection?"
        onYes={() => {
          onYes();
          setOpen(false);
        }}
        onNo={() => setOpen(false)}
      >
        This cannot be undone.
      </YesNoModal>
    </div>
  );
}

describe('Modal and YesNoModal', () => {
  it('opens as a labelled modal dialog, moves focus in, and returns it on No', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete collection' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Delete this collection?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('traps Tab inside the dialog and makes the page behind it inert', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    expect(container).toHaveAttribute('inert');

    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container).not.toHaveAttribute('inert');
  });

  it('calls onYes for Yes', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    render(<Harness onYes={onYes} />);
    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledTimes(1);
  });
});

function RowHarness({ onYes }: { onYes: (row: { name: string }) => void }) {
  const [removing, setRemoving] = useState<{ name: string } | null>(null);
  return (
    <div>
      <button type="button" onClick={() => setRemoving({ name: 'Leeds' })}>
        Remove Leeds
      </button>
      <YesNoModalAbout
        subject={removing}
        title={(row) => `Remove ${row.name}?`}
        onYes={onYes}
        onClose={() => setRemoving(null)}
      >
        {(row) => `${row.name} will no longer be asked for returns.`}
      </YesNoModalAbout>
    </div>
  );
}

describe('YesNoModalAbout', () => {
  it('asks about its subject, closes, then hands the subject to onYes', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    render(<RowHarness onYes={onYes} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Leeds' }));
    expect(screen.getByRole('dialog', { name: 'Remove Leeds?' })).toHaveTextContent(
      'Leeds will no longer be asked for returns.',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onYes).toHaveBeenCalledWith({ name: 'Leeds' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on No without acting', async () => {
    const user = userEvent.setup();
    const onYes = vi.fn();
    render(<RowHarness onYes={onYes} />);
    await user.click(screen.getByRole('button', { name: 'Remove Leeds' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onYes).not.toHaveBeenCalled();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../api/client';
import { OutcomeBanner, useOutcome } from './outcome-banner';

function Harness({ action }: { action: () => Promise<number> }) {
  const { outcome, clear, report } = useOutcome();
  return (
    <>
      <OutcomeBanner outcome={outcome} onClose={clear} />
      <button type="button" onClick={() => void report(action, (n) => `${n} saved`)}>
        Save
      </button>
    </>
  );
}

describe('useOutcome', () => {
  it("says the action's outcome in words made of its result", async () => {
    render(<Harness action={async () => 3} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('3 saved')).toBeInTheDocument();
  });

  it("says a failure in the error's own words", async () => {
    const failure = new ApiError(409, { title: 'Conflict', detail: 'Someone else changed it' });
    render(
      <Harness
        action={async () => {
          throw failure;
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(String(errorMessage(failure)))).toBeInTheDocument();
    expect(screen.queryByText(/saved/)).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Details } from './details';

describe('Details', () => {
  it('shows its summary and reveals its text when opened', async () => {
    render(
      <Details summary="How to use a token">
        <p>Send it in the header.</p>
      </Details>,
    );
    const summary = screen.getByText('How to use a token');
    expect(summary).toHaveClass('nhsuk-details__summary-text');
    expect(summary.closest('details')).toHaveClass('nhsuk-details');
    expect(screen.getByText('Send it in the header.')).not.toBeVisible();
    await userEvent.click(summary);
    expect(screen.getByText('Send it in the header.')).toBeVisible();
  });

  it('adds its class names and passes open and onToggle to the details element', () => {
    const { container } = render(
      <Details summary="Email" className="nhsuk-u-margin-bottom-0" open>
        Body
      </Details>,
    );
    const details = container.querySelector('details');
    expect(details).toHaveClass('nhsuk-details', 'nhsuk-u-margin-bottom-0');
    expect(details).toHaveAttribute('open');
    expect(screen.getByText('Body')).toHaveClass('nhsuk-details__text');
  });
});

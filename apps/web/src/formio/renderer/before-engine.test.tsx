import type { FormDefinition } from '@dcf/forms';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../form-renderer';

// The engine's chunk has not arrived (a slow network): it never does in these tests.
vi.mock('./engine', () => ({ loadedEngine: undefined, loadEngine: () => new Promise(() => undefined) }));

const ward = { type: 'textfield', key: 'ward', label: 'Ward name', input: true };

describe('before the form engine has loaded', () => {
  it('a form without rules takes answers at once', () => {
    render(<FormRenderer definition={{ display: 'form', components: [ward] }} />);
    expect(screen.getByLabelText('Ward name')).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a form whose questions come and go takes none yet, and says so; conditional questions wait', () => {
    const definition: FormDefinition = {
      display: 'form',
      components: [
        ward,
        {
          type: 'textfield',
          key: 'why',
          label: 'Why is it closed?',
          conditional: { show: false, when: 'ward', eq: 'Oak' },
          input: true,
        },
      ],
    };
    render(<FormRenderer definition={definition} />);
    expect(screen.getByRole('status')).toHaveTextContent('Getting the form ready');
    expect(screen.getByLabelText('Ward name')).toBeDisabled();
    expect(screen.queryByLabelText('Why is it closed?')).toBeNull();
  });
});

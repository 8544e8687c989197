import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';

function EditPage() {
  const [dirty, setDirty] = useState(false);
  return (
    <>
      <h1>Edit organisation</h1>
      <label htmlFor="name">Name</label>
      <input id="name" onChange={() => setDirty(true)} />
      <Link to="/organisation">Organisations</Link>
      <UnsavedChangesPrompt when={dirty} />
    </>
  );
}

function renderEditPage() {
  const router = createMemoryRouter(
    [
      { path: '/edit', Component: EditPage },
      { path: '/organisation', element: <h1>Organisations</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UnsavedChangesPrompt', () => {
  it('lets you leave freely while nothing has changed', async () => {
    const user = userEvent.setup();
    const router = renderEditPage();
    await user.click(screen.getByRole('link', { name: 'Organisations' }));
    expect(router.state.location.pathname).toBe('/organisation');
  });

  it('asks before leaving with unsaved changes; No stays, Yes leaves', async () => {
    const user = userEvent.setup();
    const router = renderEditPage();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Leeds');

    await user.click(screen.getByRole('link', { name: 'Organisations' }));
    const dialog = screen.getByRole('dialog', { name: 'Changes that you made have not been saved' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Leeds');

    await user.click(screen.getByRole('link', { name: 'Organisations' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(router.state.location.pathname).toBe('/organisation');
  });

  it('asks the browser to confirm closing or reloading the tab', async () => {
    const user = userEvent.setup();
    renderEditPage();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

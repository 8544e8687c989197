import 'nhsuk-frontend/dist/nhsuk/nhsuk-frontend.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

// NHS.UK frontend styles its components for script-enabled browsers under these classes (its page
// template sets them with an inline script, which our content security policy would refuse).
document.body.classList.add('js-enabled', 'nhsuk-frontend-supported');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

import 'nhsuk-frontend/dist/nhsuk/nhsuk-frontend.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { currentUserQuery } from './api/current-user';
import { paths } from './app/paths';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';

// NHS.UK frontend styles its components for script-enabled browsers under these classes (its page
// template sets them with an inline script, which our content security policy would refuse).
document.body.classList.add('js-enabled', 'nhsuk-frontend-supported');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
// Ask who is signed in at once, not when the shell first renders: on a deep link that is only after the
// page's chunk has arrived. The request, its schema's chunk and the page's chunk now load side by side.
if (window.location.pathname !== paths.health) void queryClient.prefetchQuery(currentUserQuery);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);

import { useEffect } from 'react';
import { API_BASE } from '../api/client';
import { browser } from './browser';

export const HEALTH_URL = `${API_BASE}/health`;

/** /health in the browser: hand over to the API's health endpoint (the server redirects /health too). */
export function HealthRedirect() {
  useEffect(() => {
    browser.replace(HEALTH_URL);
  }, []);
  return (
    <main className="nhsuk-width-container nhsuk-main-wrapper">
      <p className="nhsuk-body">
        <a href={HEALTH_URL}>Service health</a>
      </p>
    </main>
  );
}

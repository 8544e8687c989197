import { useEffect } from 'react';

export const SERVICE_NAME = 'Data Collection Framework';

/** Sets the document title to "<page> - Data Collection Framework" (WCAG 2.4.2, page titled). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} - ${SERVICE_NAME}` : SERVICE_NAME;
  }, [title]);
}

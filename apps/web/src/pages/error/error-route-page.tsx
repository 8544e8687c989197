import { ErrorPage } from '../../components/error-page';

/** /error: the public error page. */
export function ErrorRoutePage() {
  return <ErrorPage />;
}

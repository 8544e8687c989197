import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead of the broken part; defaults to the generic error page. */
  fallback?: ReactNode;
}

interface State {
  hasError: boolean;
}

/**
 * Catches rendering errors below it and shows a fallback page (specification, section 8) instead of a
 * blank screen. Routes have their own boundary (app/route-error.tsx); use this one around parts that can
 * fail on their own, such as a lazily loaded form renderer.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return this.props.fallback ?? <ErrorPage />;
    return this.props.children;
  }
}

import { messages } from '@dcf/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { Notification } from './notification';
import { Spinner } from './spinner';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Default: an empty array counts as empty. */
  isEmpty?: (data: T) => boolean;
  /** Default 'No data to show'. */
  emptyMessage?: string;
  /**
   * The error takes focus, so it is read out at once: for a query that is the whole of what the page
   * is for (a list that failed to load). Default: it does not.
   */
  focusError?: boolean;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * The three states of a query as the specification has them (section 8): a spinner while loading; the
 * error message (or 'Something went wrong') on failure; 'No data to show' (or a supplied message) when
 * empty; otherwise the content.
 */
export function QueryState<T>({
  query,
  isEmpty = emptyArray,
  emptyMessage = messages.noData,
  focusError = false,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    return (
      <Notification
        variant="error"
        message={errorMessage(query.error)}
        dismissible={false}
        focusOnShow={focusError}
      />
    );
  }
  if (isEmpty(query.data)) return <p className="nhsuk-body">{emptyMessage}</p>;
  return <>{children(query.data)}</>;
}

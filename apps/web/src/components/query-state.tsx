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
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <Spinner block />;
  if (query.isError) {
    return (
      <Notification
        variant="error"
        message={errorMessage(query.error)}
        dismissible={false}
        focusOnShow={false}
      />
    );
  }
  if (isEmpty(query.data)) return <p className="nhsuk-body">{emptyMessage}</p>;
  return <>{children(query.data)}</>;
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { SortOrder } from './sortable-header';

type ParamValue = string | number | undefined;
export type ListParams = Record<string, ParamValue>;

/**
 * Where a list sorted by a choice of columns starts, the first entries of its `useListParams` defaults:
 * page 1 of `pageSize` rows, sorted by `sortBy` in `sortOrder` (the page's filters follow, unset).
 */
export function sortedListStart(pageSize: number, sortBy: string, sortOrder: SortOrder) {
  // The order is read back from the URL as text, so the defaults type it as text too.
  return { page: 1, pageSize, sortBy, sortOrder: sortOrder as string };
}

/**
 * A list's state (page, page size, sort, filters) kept in the URL's search parameters, so reload, the
 * back button and a shared link show the same page of the same list. `defaults` names every parameter
 * and its type: a number default makes the value a number (an unreadable one falls back to the
 * default); values equal to their default are left out of the URL. Every change is a new history
 * entry; changing anything but `page` goes back to page 1.
 */
export function useListParams<T extends ListParams>(defaults: T): [T, (change: Partial<T>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // Callers pass an object literal each render; its content, not its identity, matters.
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultsKey stands for defaults
  const stable = useMemo(() => defaults, [defaultsKey]);
  const params = useMemo(() => readListParams(searchParams, stable), [searchParams, stable]);
  const update = useCallback(
    (change: Partial<T>) => {
      setSearchParams((current) => {
        const next: ListParams = { ...readListParams(current, stable), ...change };
        if (!('page' in change) && 'page' in stable) next.page = stable.page;
        return writeListParams(current, next, stable);
      });
    },
    [setSearchParams, stable],
  );
  return [params, update];
}

/**
 * `useListParams` with the parameters checked by the API's query schema: the URL is typed in by anyone,
 * so a value the API would refuse shows the list as it first opens (`fallback`, by default page 1 at the
 * default page size). Returns the checked query, the update and the raw parameters.
 */
export function useListQuery<T extends ListParams, S extends z.ZodType>(
  defaults: T,
  schema: S,
  fallback: z.output<S>,
): [z.output<S>, (change: Partial<T>) => void, T];
export function useListQuery<T extends ListParams, S extends z.ZodType>(
  defaults: T,
  schema: S,
): [Partial<z.output<S>>, (change: Partial<T>) => void, T];
export function useListQuery<T extends ListParams, S extends z.ZodType>(
  defaults: T,
  schema: S,
  fallback?: unknown,
): [unknown, (change: Partial<T>) => void, T] {
  const [params, update] = useListParams(defaults);
  const parsed = schema.safeParse(params);
  const query = parsed.success ? parsed.data : (fallback ?? { page: 1, pageSize: defaults.pageSize });
  return [query, update, params];
}

/** The list parameters in `search`, typed after `defaults`. */
export function readListParams<T extends ListParams>(search: URLSearchParams, defaults: T): T {
  const out: ListParams = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = search.get(key);
    if (raw === null || raw === '') out[key] = fallback;
    else if (typeof fallback === 'number' || /^page$|Id$/.test(key)) {
      const value = Number(raw);
      out[key] = Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
    } else out[key] = raw;
  }
  return out as T;
}

/** `current` with the list parameters replaced by `values` (defaults and empty values left out). */
export function writeListParams(current: URLSearchParams, values: ListParams, defaults: ListParams) {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(defaults)) {
    const value = values[key];
    if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

import type { Answers, FormComponent } from '@dcf/forms/components';
import { createContext, type ReactNode, useContext } from 'react';
import type { FormioFileService } from '../storage-provider';

/** What every rendered component reads from its form: answers, verdicts and the one way to change an answer. */
export interface FormContextValue {
  data: Answers;
  /** Paths of components conditionally hidden now (the engine's `hidden`). */
  hidden: ReadonlySet<string>;
  /** False until the engine has loaded: questions shown only under a condition wait for it. */
  ready: boolean;
  /** Messages to show at a question now (server messages until edited, then the engine's on leaving it). */
  errorsAt(path: string): readonly string[] | undefined;
  /** What the page shows after a question (data quality findings, decision 0028), by its data path. */
  noteAt(path: string): ReactNode;
  /** Paths at or under `prefix` with a message (shown or not yet): an edit grid row checks itself with it. */
  errorPathsUnder(prefix: string): string[];
  /** The question the page asked to move to (error summary, Change link): a closed edit grid row opens for it. */
  revealing: { path: string } | null;
  readOnly: boolean;
  setValue(path: string, value: unknown): void;
  /** The person left the question: its draft check may now show. */
  touch(path: string): void;
  fileService?: FormioFileService | undefined;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const form = useContext(FormContext);
  if (!form) throw new Error('A form component was rendered outside FormRenderer');
  return form;
}

/** Where a component sits: the data path its answers are under, its layout path, its heading level. */
export interface Scope {
  dataPrefix: string;
  layoutPrefix: string;
  /** The heading level a titled section at this depth takes (2 at the top of a single-page form). */
  level: number;
}

export interface ComponentProps {
  component: FormComponent;
  /** The component's own path: its data path, or its layout path for layout and content. */
  path: string;
  scope: Scope;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

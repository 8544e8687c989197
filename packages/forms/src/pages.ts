import { type FieldErrors, type FormDefinition, hasData, walkComponents } from './components';

/** An answer's path to its top-level key: `staff[0].grade` -> `staff`, `address.postcode` -> `address`. */
const topKeyOf = (path: string) => path.split(/[.[]/)[0] ?? '';

/**
 * The wizard pages (top-level panels, by key) that hold a question with one of these errors: a page may
 * be ticked 'This page is complete' only when none of its questions has a submit's error (decision 0036).
 * Errors of questions outside every page (or of the form as a whole) belong to no page. A form that is
 * not a wizard has no pages.
 */
export function pagesWithErrors(definition: FormDefinition, errors: FieldErrors): Set<string> {
  const pages = new Set<string>();
  if (definition.display !== 'wizard') return pages;
  const wrong = new Set(
    Object.entries(errors)
      .filter(([, list]) => list.length > 0)
      .map(([path]) => topKeyOf(path)),
  );
  if (wrong.size === 0) return pages;
  for (const panel of definition.components) {
    if (panel.type !== 'panel' || typeof panel.key !== 'string') continue;
    walkComponents([panel], ({ component, path }) => {
      if (component !== panel && hasData(component) && wrong.has(topKeyOf(path)))
        pages.add(panel.key as string);
      return !pages.has(panel.key as string);
    });
  }
  return pages;
}

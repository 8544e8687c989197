import { fieldId } from './paths';
import { openTabsAround } from './tabs';

/**
 * Focuses the question at `path` (or the element `elementId` shown with it), looking for it again on
 * the next frames while a wizard page, a tab or an edit grid row opens to show it. `found` is told once
 * it has focus.
 */
export function focusWhenShown(path: string, elementId: string | undefined, found: () => void) {
  let frames = 20;
  const focus = () => {
    const element = elementId
      ? document.getElementById(elementId)
      : (document.getElementById(fieldId(path)) ??
        document.querySelector<HTMLElement>(`[id^="${CSS.escape(fieldId(path))}"]`));
    if (element && !openTabsAround(element)) {
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
      found();
    } else {
      frames -= 1;
      if (frames > 0) requestAnimationFrame(focus);
    }
  };
  focus();
}

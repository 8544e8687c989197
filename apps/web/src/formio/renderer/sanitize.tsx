import DOMPurify from 'dompurify';
import type { ElementType } from 'react';

/**
 * A manager's HTML (content components, descriptions), as markup only: DOMPurify drops scripts, event
 * attributes, `javascript:` links, forms and styles' code; images and links stay. Runs in the browser
 * only (it needs a DOM), as the renderer does.
 */
export function sanitiseHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}

/** Text that may hold a manager's HTML, rendered sanitised inside `as`. */
export function Html({
  html,
  as: Tag = 'div',
  ...rest
}: {
  html: string;
  as?: ElementType;
  id?: string;
  className?: string;
}) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above, by DOMPurify.
  return <Tag {...rest} dangerouslySetInnerHTML={{ __html: sanitiseHtml(html) }} />;
}

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
  demoteH1 = false,
  ...rest
}: {
  html: string;
  as?: ElementType;
  /** An h1 becomes an h2: the page has its title already (content blocks often open with one). */
  demoteH1?: boolean;
  id?: string;
  className?: string;
}) {
  const clean = sanitiseHtml(html);
  const markup = demoteH1 ? clean.replace(/<(\/?)h1(?=[\s>])/gi, '<$1h2') : clean;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above, by DOMPurify.
  return <Tag {...rest} dangerouslySetInnerHTML={{ __html: markup }} />;
}

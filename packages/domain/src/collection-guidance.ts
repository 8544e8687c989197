import { z } from 'zod';
import { messages } from './messages';

/**
 * Guidance per collection (decision 0025): plain text a manager writes on the
 * collection's overview tab, shown to submitters on their home and the form page. A very small Markdown
 * subset gives it shape: blank lines separate paragraphs, lines starting "- " or "* " are bullets,
 * **bold**, and [words](https://...) links (https and mailto only). Nothing else is read as markup, and
 * the screens build elements from `parseGuidance`'s blocks, never HTML, so no text can inject any.
 */

export const GUIDANCE_MAX_LENGTH = 5000;

export const guidanceMessages = {
  tooLong: `Guidance can not exceed the maximum length of ${GUIDANCE_MAX_LENGTH.toLocaleString('en-GB')} characters`,
  archived: `${messages.collectionArchived}. ${messages.collectionRestoreFirst}`,
  saved: 'Guidance saved',
  removed: 'Guidance removed',
  hint: 'Shown to submitters on their home page and above the form. Leave a blank line between paragraphs; start a line with "- " for a bullet; **bold**; [link text](https://example.org).',
} as const;

/** PUT /Collection/{id}/Guidance: the text, or null (or blank) to remove it. */
export const collectionGuidanceBodySchema = z.object({
  guidance: z
    .string()
    .max(GUIDANCE_MAX_LENGTH, guidanceMessages.tooLong)
    .nullable()
    .transform((v) => {
      const trimmed = v?.replace(/\r\n?/g, '\n').trim();
      return trimmed ? trimmed : null;
    }),
});
export type CollectionGuidanceBody = z.input<typeof collectionGuidanceBodySchema>;

/** GET and PUT /Collection/{id}/Guidance answer this. */
export const collectionGuidanceSchema = z.object({
  collectionId: z.number().int(),
  guidance: z.string().nullable(),
});
export type CollectionGuidance = z.infer<typeof collectionGuidanceSchema>;

/** A run of text inside a paragraph or bullet. */
export type GuidanceInline =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'link'; text: string; href: string };

export type GuidanceBlock =
  | { kind: 'paragraph'; lines: GuidanceInline[][] }
  | { kind: 'list'; items: GuidanceInline[][] };

const SAFE_HREF = /^(https:\/\/[^\s<>"']+|mailto:[^\s<>"']+)$/i;
const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Bold and links in one line; a link whose address is not https or mailto stays as its words. */
export function parseInline(line: string): GuidanceInline[] {
  const out: GuidanceInline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: line.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'bold', text: match[1] });
    else if (SAFE_HREF.test(match[3]!)) out.push({ kind: 'link', text: match[2]!, href: match[3]! });
    else out.push({ kind: 'text', text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

const BULLET = /^\s*[-*]\s+/;

/** The guidance as blocks: paragraphs (split on blank lines) and bullet lists. */
export function parseGuidance(text: string | null | undefined): GuidanceBlock[] {
  const blocks: GuidanceBlock[] = [];
  for (const chunk of (text ?? '').replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    let paragraph: GuidanceInline[][] = [];
    let list: GuidanceInline[][] = [];
    const flush = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
      if (list.length > 0) blocks.push({ kind: 'list', items: list });
      paragraph = [];
      list = [];
    };
    for (const line of lines) {
      if (BULLET.test(line)) {
        if (paragraph.length > 0) flush();
        list.push(parseInline(line.replace(BULLET, '').trim()));
      } else {
        if (list.length > 0) flush();
        paragraph.push(parseInline(line.trim()));
      }
    }
    flush();
  }
  return blocks;
}

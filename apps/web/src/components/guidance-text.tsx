import { type GuidanceInline, parseGuidance } from '@dcf/domain';
import { Fragment } from 'react';

function Inline({ parts }: { parts: GuidanceInline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'bold' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <strong key={i}>{part.text}</strong>
        ) : part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <a key={i} href={part.href} rel="noopener noreferrer" target="_blank">
            {part.text} <span className="nhsuk-u-visually-hidden">(opens in a new tab)</span>
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never reorder
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * A collection's guidance (decision 0025) as elements built from parseGuidance's blocks: paragraphs,
 * bullet lists, bold and https/mailto links. The text is never read as HTML, so nothing in it runs.
 */
export function GuidanceText({ text }: { text: string }) {
  return (
    <>
      {parseGuidance(text).map((block, b) =>
        block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks never reorder
          <ul key={b} className="nhsuk-list nhsuk-list--bullet">
            {block.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items never reorder
              <li key={i}>
                <Inline parts={item} />
              </li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks never reorder
          <p key={b} className="nhsuk-body">
            {block.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines never reorder
              <Fragment key={i}>
                {i > 0 ? <br /> : null}
                <Inline parts={line} />
              </Fragment>
            ))}
          </p>
        ),
      )}
    </>
  );
}

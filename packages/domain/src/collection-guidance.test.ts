import { describe, expect, it } from 'vitest';
import {
  collectionGuidanceBodySchema,
  GUIDANCE_MAX_LENGTH,
  guidanceMessages,
  parseGuidance,
} from './collection-guidance';

describe('parseGuidance', () => {
  it('reads paragraphs, bullets, bold and https or mailto links', () => {
    const text =
      'Send by the **5th**.\nAsk [the team](mailto:team@nhs.net).\n\n- Headcount\n* Vacancies\nThen submit.';
    expect(parseGuidance(text)).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'Send by the ' },
            { kind: 'bold', text: '5th' },
            { kind: 'text', text: '.' },
          ],
          [
            { kind: 'text', text: 'Ask ' },
            { kind: 'link', text: 'the team', href: 'mailto:team@nhs.net' },
            { kind: 'text', text: '.' },
          ],
        ],
      },
      { kind: 'list', items: [[{ kind: 'text', text: 'Headcount' }], [{ kind: 'text', text: 'Vacancies' }]] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Then submit.' }]] },
    ]);
  });

  it('keeps anything else as plain text: HTML, script links and other addresses are never markup', () => {
    const blocks = parseGuidance('<script>alert(1)</script> [click](javascript:alert(1)) [x](http://a.b)');
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: '<script>alert(1)</script> ' },
            { kind: 'text', text: 'click' },
            { kind: 'text', text: ') ' },
            { kind: 'text', text: 'x' },
          ],
        ],
      },
    ]);
    expect(parseGuidance(null)).toEqual([]);
    expect(parseGuidance('  \n\n ')).toEqual([]);
  });
});

describe('collectionGuidanceBodySchema', () => {
  it('trims, turns blank into null and refuses text over the limit with the message', () => {
    expect(collectionGuidanceBodySchema.parse({ guidance: '  Hello\r\nthere  ' })).toEqual({
      guidance: 'Hello\nthere',
    });
    expect(collectionGuidanceBodySchema.parse({ guidance: '   ' })).toEqual({ guidance: null });
    expect(collectionGuidanceBodySchema.parse({ guidance: null })).toEqual({ guidance: null });
    const tooLong = collectionGuidanceBodySchema.safeParse({ guidance: 'a'.repeat(GUIDANCE_MAX_LENGTH + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(guidanceMessages.tooLong);
  });
});

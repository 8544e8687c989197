import { describe, expect, it } from 'vitest';
import { formDefinitionSchema, formFieldKeys } from './definition';

describe('form definition', () => {
  it('refuses anything that is not a JSON object, with the specification message', () => {
    for (const bad of [null, [], 'text', 42]) {
      const result = formDefinitionSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('A form definition upload must be a valid JSON object');
    }
  });

  it('needs display form or wizard and a components array', () => {
    expect(formDefinitionSchema.safeParse({ display: 'pdf', components: [] }).success).toBe(false);
    expect(formDefinitionSchema.safeParse({ display: 'form' }).success).toBe(false);
    expect(formDefinitionSchema.safeParse({ display: 'wizard', components: [] }).success).toBe(true);
  });

  it('strips submit buttons at every depth and keeps everything else', () => {
    const parsed = formDefinitionSchema.parse({
      display: 'wizard',
      title: 'kept',
      components: [
        {
          type: 'panel',
          key: 'p1',
          components: [
            { type: 'number', key: 'a', input: true },
            { type: 'button', key: 'submit', action: 'submit' },
          ],
        },
        { type: 'button', key: 'submit2' },
        { type: 'button', key: 'reset', action: 'reset' },
      ],
    });
    expect(parsed.title).toBe('kept');
    expect(parsed.components.map((c) => c.key)).toEqual(['p1', 'reset']);
    expect(parsed.components[0]?.components?.map((c) => c.key)).toEqual(['a']);
  });

  it('lists input keys in form order through panels and columns', () => {
    const keys = formFieldKeys({
      components: [
        { type: 'panel', components: [{ type: 'textfield', key: 'a', input: true }] },
        {
          type: 'columns',
          columns: [
            { components: [{ type: 'number', key: 'b', input: true }] },
            { components: [{ type: 'number', key: 'c', input: true }] },
          ],
        },
        { type: 'htmlelement', key: 'intro', input: false },
      ],
    });
    expect(keys).toEqual(['a', 'b', 'c']);
  });
});

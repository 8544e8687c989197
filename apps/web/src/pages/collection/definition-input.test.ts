import { messages } from '@dcf/domain';
import { describe, expect, it } from 'vitest';
import { parseDefinition, withDisplay } from './definition-input';

describe('parseDefinition', () => {
  it('accepts a wizard definition and strips its submit button', () => {
    const result = parseDefinition(
      JSON.stringify({
        display: 'wizard',
        components: [
          { type: 'panel', key: 'page1', components: [{ type: 'number', key: 'beds', input: true }] },
          { type: 'button', key: 'submit', action: 'submit' },
        ],
      }),
    );
    expect(result.ok && result.definition.components.map((c) => c.key)).toEqual(['page1']);
  });

  it('refuses text that is not JSON with the specification message and the reason', () => {
    const result = parseDefinition('{"display": "form", components: [');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]).toBe(messages.formDefinitionNotObject);
      expect(result.errors[1]).toMatch(/^The file is not JSON/);
    }
  });

  it('refuses an array, a wrong display and a missing components array', () => {
    expect(parseDefinition('[]')).toEqual({ ok: false, errors: [messages.formDefinitionNotObject] });
    const wrong = parseDefinition('{"display":"pdf"}');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok)
      expect(wrong.errors).toEqual([
        messages.formDefinitionNotObject,
        "The form definition's display must be form or wizard",
        'The form definition must have a components array',
      ]);
  });
});

describe('withDisplay', () => {
  const field = { type: 'textfield', key: 'name', input: true };

  it('gathers loose components into a first page when switching to a wizard', () => {
    const wizard = withDisplay({ display: 'form', components: [field] }, 'wizard');
    expect(wizard.display).toBe('wizard');
    expect(wizard.components).toEqual([
      expect.objectContaining({ type: 'panel', key: 'page1', components: [field] }),
    ]);
  });

  it('keeps panels as pages, and keeps everything when going back to a single page', () => {
    const pages = [{ type: 'panel', key: 'p', components: [field] }];
    expect(withDisplay({ display: 'form', components: pages }, 'wizard').components).toEqual(pages);
    expect(withDisplay({ display: 'wizard', components: pages }, 'form')).toEqual({
      display: 'form',
      components: pages,
    });
  });
});

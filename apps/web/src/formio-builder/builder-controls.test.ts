import { describe, expect, it } from 'vitest';
import { fillOptionValues, optionValue } from './builder-controls';

const type = (input: HTMLInputElement, text: string) => {
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('option values follow their labels (decision 0035)', () => {
  it('makes a value as Form.io does', () => {
    expect(optionValue('Band 5 nurse')).toBe('band5Nurse');
    expect(optionValue('  A&E (adults) ')).toBe('aEAdults');
    expect(optionValue('Été')).toBe('ete');
  });

  it('fills the value while the label is typed, until the value is edited; a saved value never changes', () => {
    const dialog = document.createElement('div');
    dialog.innerHTML = `
      <input name="data[data.values][0][label]"><input name="data[data.values][0][value]">
      <input name="data[data.values][1][label]" value="Old"><input name="data[data.values][1][value]" value="kept">`;
    document.body.append(dialog);
    const stop = fillOptionValues(dialog);
    const [label0, value0, label1, value1] = [...dialog.querySelectorAll('input')] as HTMLInputElement[];
    const seen: string[] = [];
    value0?.addEventListener('input', () => seen.push(value0.value));
    type(label0 as HTMLInputElement, 'Medical wards');
    expect(value0?.value).toBe('medicalWards');
    expect(seen).toEqual(['medicalWards']);
    type(label1 as HTMLInputElement, 'New label');
    expect(value1?.value).toBe('kept');
    // The manager types a value of their own: the label no longer changes it.
    value0?.dispatchEvent(new InputEvent('input', { bubbles: true }));
    Object.defineProperty(value0 as HTMLInputElement, 'dataset', { value: { dcfEdited: 'true' } });
    type(label0 as HTMLInputElement, 'Surgical');
    expect(value0?.value).toBe('medicalWards');
    stop();
    dialog.remove();
  });
});

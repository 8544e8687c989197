import { describe, expect, it } from 'vitest';
import { visibleRemoveRowButtons } from './datagrid';

describe('visibleRemoveRowButtons', () => {
  it("writes 'Remove' in place of the icon a data grid row's remove button had", () => {
    const html =
      '<td>\n  <button type="button" class="btn btn-secondary formio-button-remove-row" ref="wards-removeRow" tabindex="0" aria-label="Remove" style="display: block">\n    <i class="bi bi-x-circle"></i>\n  </button>\n</td>';
    expect(visibleRemoveRowButtons(html)).toBe(
      '<td>\n  <button type="button" class="btn btn-secondary formio-button-remove-row" ref="wards-removeRow" tabindex="0" aria-label="Remove" style="display: block">Remove</button>\n</td>',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { accessibleFileMarkup } from './file';

describe('accessibleFileMarkup (Form.io file list without Bootstrap)', () => {
  it('turns the icon-only controls into buttons with words, keeping what Form.io listens on; names the progress bar', () => {
    const html = accessibleFileMarkup(
      [
        '<a href="#" ref="fileLink"><span class="visually-hidden">Press to open </span>a.txt</a>',
        '<i tabindex="0" class="bi bi-trash" ref="removeLink" aria-label="Press to remove a.txt file"></i>',
        '<i tabindex="0" class="bi bi-trash" ref="fileToSyncRemove"></i>',
        '<i tabindex="0" class="bi bi-arrow-counterclockwise" ref="restoreFile"></i>',
        '<i id="abort-x1" tabindex="0" class="bi bi-ban"></i>',
        '<div id="x1" class="progress-bar" role="progressbar" aria-valuenow="40"></div>',
      ].join(''),
    );
    expect(html).toBe(
      [
        '<a href="#" ref="fileLink"><span class="nhsuk-u-visually-hidden">Press to open </span>a.txt</a>',
        '<button type="button" class="dcf-link-button" ref="removeLink" aria-label="Press to remove a.txt file">Remove</button>',
        '<button type="button" class="dcf-link-button" ref="fileToSyncRemove">Remove</button>',
        '<button type="button" class="dcf-link-button" ref="restoreFile">Restore</button>',
        '<button type="button" class="dcf-link-button" id="abort-x1">Cancel upload</button>',
        '<div id="x1" class="progress-bar" role="progressbar" aria-label="Upload progress" aria-valuenow="40"></div>',
      ].join(''),
    );
  });
});
